import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog } from '@/components/dialog';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import { emailProblem } from '../acceptance-rules';
import { StudioApiError, type Me, type MemberLookup, type StudioMember, type StudioSite } from '../api';
import { ChoiceField } from '../components/choice-field';
import { FormField } from '../components/form-field';
import { TextAreaField } from '../components/text-area-field';
import { maySupportMembers } from '../grants';
import {
  useDeleteMember,
  useMemberAction,
  useMemberSearch,
  type MemberAction,
  type MemberActionRequest,
  type MemberDeletionRequest,
} from '../hooks/use-site-members';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import {
  awaitsActivation,
  lookupKind,
  mayBeUnlocked,
  memberLookup,
  memberStatusName,
  NO_MEMBER_SEARCH,
  reasonProblem,
  sameLookup,
  type MemberLookupKind,
  type MemberSearchFields,
} from '../member-rules';
import { changeTime } from '../publishing-rules';
import { SiteGone } from './site-gone';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './site-members-screen.module.css';

/**
 * `/sites/{siteId}/members`: member support. A member of the site is found by their exact
 * e-mail address or card number (never listed otherwise), then unlocked, mailed an
 * activation code or a password reset link again, or their account deleted (after a
 * dialog that asks why). For the site's member support, its administrators and the
 * operators; anyone else is told so, and nothing is asked of the server. A chunk of its
 * own (studio-app.tsx).
 */
export function SiteMembersScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.members.title', { site: site.name })}>
      {/* Keyed by the site: another site's screen starts without this one's search. */}
      {(site, me) => <SiteMembers key={site.id} site={site} me={me} />}
    </SiteScreenFrame>
  );
}

/** The server's refusal of member support to this staff member: a grant without the permission (403), or none on the site (404). */
function refusalOf(error: unknown): 403 | 404 | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 403) return 403;
  if (error.status === 404) return 404;
  return undefined;
}

function SiteMembers({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const supports = maySupportMembers(me.grants, site.id);
  /** The lookup last submitted: null until the first. */
  const [lookup, setLookup] = useState<MemberLookup | null>(null);
  const search = useMemberSearch(site.id, lookup);
  const act = useMemberAction(site.id);
  const deletion = useDeleteMember(site.id);
  useForgetSessionIfEnded(search.error);
  // Their grants say they may not, or the server does (the grants changed meanwhile).
  const refusal = supports ? refusalOf(search.error) : 403;

  const find = (next: MemberLookup) => {
    // What was done for the members of the last search is not said of the next.
    if (!act.isPending) act.reset();
    if (!deletion.isPending) deletion.reset();
    // The same lookup again is asked again (the last answer may have been a failure).
    if (sameLookup(next, lookup)) void search.refetch();
    else setLookup(next);
  };
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.members.title', { site: site.name })}</h1>
      <SiteNav site={site} grants={me.grants} />
      {refusal === 403 ? (
        <p className={styles.refused} data-testid="studio-members-refused">
          {t('studio.members.forbidden', { site: site.name })}
        </p>
      ) : refusal === 404 ? (
        <SiteGone site={site} testId="studio-members-not-found" />
      ) : (
        <>
          <p className={styles.intro}>{t('studio.members.intro', { site: site.name })}</p>
          <MemberSearchForm error={search.error} searching={search.isFetching} onSearch={find} />
          {search.data && lookup ? (
            <MemberResults
              site={site}
              kind={lookupKind(lookup)}
              members={search.data}
              settled={!search.isFetching && !search.isError}
              act={act}
              deletion={deletion}
            />
          ) : search.isFetching ? (
            <Spinner label={t('studio.loading')} />
          ) : null}
        </>
      )}
    </section>
  );
}

/** The server's refusal of what was typed (400 naming `email` or `card`), which lands on its field. */
function lookupRefusal(error: unknown): StudioApiError | undefined {
  if (!(error instanceof StudioApiError) || error.status !== 400) return undefined;
  return error.field === 'email' || error.field === 'card' ? error : undefined;
}

/** What the form says of a search that found nothing to show, but of what was typed. */
function searchFailureText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return t('studio.members.tooMany');
    if (error.status === 503) return t('studio.members.search.unavailable');
    if (error.status < 500) return t('studio.members.search.refused', { message: error.message });
  }
  return t('studio.members.search.failed');
}

/** What is wrong with what was typed to look a member up `by`, or true. */
function lookupProblem(t: Translate, by: MemberLookupKind, value: string): string | true {
  if (by === 'email') {
    const problem = emailProblem(value);
    return problem ? t(`studio.members.search.email.${problem}`) : true;
  }
  return value.trim() === '' ? t('studio.members.search.card.missing') : true;
}

type MemberSearchFormProps = {
  /** What the last search failed with, if it did. */
  error: unknown;
  /** A search is on its way. */
  searching: boolean;
  /** Looks for the members of the lookup. */
  onSearch: (lookup: MemberLookup) => void;
};

/**
 * Find a member: by e-mail address or by card number, and the one field, whose label, hint
 * and check follow the choice. Nothing is asked until Find is pressed. A refusal of what
 * was typed lands on the field, which takes the focus; any other failure is said beside
 * the button, which keeps it.
 */
function MemberSearchForm({ error, searching, onSearch }: MemberSearchFormProps) {
  const t = useTranslate();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    control,
    setFocus,
    formState: { errors },
  } = useForm<MemberSearchFields>({ defaultValues: NO_MEMBER_SEARCH });
  const by = useWatch({ control, name: 'by' });
  const submit = handleSubmit((fields) => {
    if (!searching) onSearch(memberLookup(fields));
  });

  const refusal = lookupRefusal(error);
  const refused = refusal !== undefined;
  // Once the answer is in: the field refused takes the focus.
  useEffect(() => {
    if (!searching && refused) setFocus('value');
  }, [searching, refused, setFocus]);
  // Empty while a search is on its way, so that each failure is announced, even the same again.
  const failure = error && !refused && !searching ? searchFailureText(t, error) : '';
  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.members.search.title')}</h2>
      <form className={styles.form} role="search" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={titleId}>
        <ChoiceField
          label={t('studio.members.search.by')}
          choices={[
            {
              value: 'email',
              label: t('studio.members.search.by.email'),
              description: t('studio.members.search.by.email.description'),
            },
            {
              value: 'card',
              label: t('studio.members.search.by.card'),
              description: t('studio.members.search.by.card.description'),
            },
          ]}
          {...register('by')}
        />
        <FormField
          type={by === 'email' ? 'email' : 'text'}
          label={t(`studio.members.search.${by}`)}
          hint={t(`studio.members.search.${by}.hint`)}
          autoComplete="off"
          spellCheck={false}
          required
          error={errors.value?.message ?? refusal?.message}
          {...register('value', { validate: (value, fields) => lookupProblem(t, fields.by, value) })}
        />
        <button type="submit" className="button" aria-disabled={searching || undefined}>
          {t(searching ? 'studio.members.finding' : 'studio.members.find')}
        </button>
        {/* In the page from the start, so that what it comes to say is announced. */}
        <p role="alert" className={styles.outcome}>
          {failure}
        </p>
      </form>
    </section>
  );
}

/** What each action, done, is said as. */
const DONE_TEXT: Record<MemberAction, string> = {
  unlock: 'studio.members.unlocked',
  activation: 'studio.members.activationSent',
  'password-reset': 'studio.members.passwordResetSent',
};

/** What is said, by the member, of an action (or a deletion) that failed. */
function supportFailureText(t: Translate, error: unknown, site: StudioSite, member: StudioMember, action: MemberAction | 'delete'): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('studio.members.action.forbidden', { site: site.name });
    if (error.status === 404) return t('studio.members.action.notFound', { site: site.name });
    if (error.status === 422 && action === 'activation') return t('studio.members.activation.activated', { email: member.email });
    if (error.status === 429) return t('studio.members.tooMany');
    if (error.status === 503) return t('studio.members.action.unavailable');
    if (error.status < 500) return t('studio.members.action.refused', { message: error.message });
  }
  return t('studio.members.action.failed');
}

type MemberResultsProps = {
  site: StudioSite;
  /** What the members were looked up by. */
  kind: MemberLookupKind;
  members: StudioMember[];
  /** The search is answered, and did not fail: its heading takes the focus. */
  settled: boolean;
  act: UseMutationResult<StudioMember, Error, MemberActionRequest>;
  deletion: UseMutationResult<void, Error, MemberDeletionRequest>;
};

/**
 * Members found: none (said in a sentence), or each with their status, last sign-in and
 * cards (as masked as the server sends them), and what may be done for them. One action
 * at a time: what it came to is said above the list, which takes the focus (the button
 * pressed may be gone with the member's new status); a failure is said in the member's item.
 */
function MemberResults({ site, kind, members, settled, act, deletion }: MemberResultsProps) {
  const t = useTranslate();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  /** The member whose account the dialog asks to delete. */
  const [deleting, setDeleting] = useState<StudioMember | null>(null);
  const busy = act.isPending || deletion.isPending;

  // Each search answered: the results' heading takes the focus.
  useEffect(() => {
    if (settled) heading.current?.focus();
  }, [settled]);
  // Each action done: what it came to takes the focus.
  const done = act.isSuccess ? act.submittedAt : deletion.isSuccess ? deletion.submittedAt : 0;
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);

  let outcome = '';
  if (act.isSuccess) outcome = t(DONE_TEXT[act.variables.action], { email: act.data.email });
  else if (deletion.isSuccess) outcome = t('studio.members.deleted', { email: deletion.variables.member.email });

  const failureOf = (member: StudioMember): string => {
    if (act.isError && act.variables.member.id === member.id) return supportFailureText(t, act.error, site, member, act.variables.action);
    // A deletion whose dialog was closed before it failed: said here instead.
    if (deletion.isError && deleting === null && deletion.variables.member.id === member.id) {
      return supportFailureText(t, deletion.error, site, member, 'delete');
    }
    return '';
  };
  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t('studio.members.results.title')}
      </h2>
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p ref={status} role="status" tabIndex={-1} className={styles.outcome} data-testid="studio-members-outcome">
        {outcome}
      </p>
      {members.length === 0 ? (
        <p data-testid="studio-members-none">{t(`studio.members.none.${kind}`)}</p>
      ) : (
        <ul className={styles.list} aria-label={t('studio.members.results.caption', { site: site.name })} data-testid="studio-members">
          {members.map((member) => (
            <MemberItem
              key={member.id}
              member={member}
              pending={act.isPending && act.variables.member.id === member.id ? act.variables.action : undefined}
              busy={busy}
              failure={failureOf(member)}
              onAct={(action) => {
                if (busy) return;
                deletion.reset();
                act.mutate({ action, member });
              }}
              onDelete={() => {
                if (busy) return;
                act.reset();
                deletion.reset();
                setDeleting(member);
              }}
            />
          ))}
        </ul>
      )}
      {deleting ? (
        <DeleteMemberDialog
          site={site}
          member={deleting}
          deletion={deletion}
          onCancel={() => {
            if (!deletion.isPending) deletion.reset();
            setDeleting(null);
          }}
          onDone={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

type MemberItemProps = {
  member: StudioMember;
  /** The action on its way for this member, if one is. */
  pending: MemberAction | undefined;
  /** An action or a deletion is on its way, for this member or another: none other is started. */
  busy: boolean;
  /** What went wrong with the last action for this member, or ''. */
  failure: string;
  onAct: (action: MemberAction) => void;
  onDelete: () => void;
};

/**
 * A member found: their e-mail address, status in words, last sign-in and cards, and the
 * buttons of what may be done for them (Unlock for a member locked or blocked, the
 * activation code for one not activated yet), a group named by their address.
 */
function MemberItem({ member, pending, busy, failure, onAct, onDelete }: MemberItemProps) {
  const t = useTranslate();
  const actionButton = (action: MemberAction, label: string, pendingLabel: string) => (
    <button
      type="button"
      className="button button-secondary"
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) onAct(action);
      }}
    >
      {pending === action ? pendingLabel : label}
    </button>
  );
  return (
    <li className={styles.member} data-testid="studio-member">
      <p className={styles.email}>{member.email}</p>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('studio.members.status')}</dt>
          <dd>{memberStatusName(t, member.status)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('studio.members.lastLogin')}</dt>
          <dd>
            {member.lastLoginAt ? (
              <time dateTime={member.lastLoginAt}>{changeTime(t.locale, member.lastLoginAt)}</time>
            ) : (
              t('studio.members.lastLogin.none')
            )}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('studio.members.cards')}</dt>
          <dd>
            {member.cards.length > 0 ? (
              <ul className={styles.cards}>
                {member.cards.map((card: string, index: number) => (
                  // Two cards may be masked alike: told apart by their place.
                  <li key={`${String(index)}:${card}`}>{card}</li>
                ))}
              </ul>
            ) : (
              t('studio.members.cards.none')
            )}
          </dd>
        </div>
      </dl>
      <div className={styles.actions} role="group" aria-label={t('studio.members.actions', { email: member.email })}>
        {mayBeUnlocked(member) ? actionButton('unlock', t('studio.members.unlock'), t('studio.members.unlocking')) : null}
        {awaitsActivation(member) ? actionButton('activation', t('studio.members.activation'), t('studio.members.sending')) : null}
        {actionButton('password-reset', t('studio.members.passwordReset'), t('studio.members.sending'))}
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onDelete();
          }}
        >
          {t('studio.members.delete')}
        </button>
      </div>
      <p role="alert" className={styles.failure}>
        {failure}
      </p>
    </li>
  );
}

/** The dialog's field: DELETE .../members/{memberId}'s `reason`. */
type DeletionFields = { reason: string };

/** The server's refusal of the reason (400 naming `reason`), which lands on its field. */
function isRefusalOfReason(error: unknown): error is StudioApiError {
  return error instanceof StudioApiError && error.status === 400 && error.field === 'reason';
}

type DeleteMemberDialogProps = {
  site: StudioSite;
  member: StudioMember;
  /**
   * The screen's deletion, not the dialog's own: what came of it is said on the screen
   * once the dialog has closed.
   */
  deletion: UseMutationResult<void, Error, MemberDeletionRequest>;
  /** Closes it with nothing deleted: Cancel, or Escape. */
  onCancel: () => void;
  /** Closes it once the account is deleted. */
  onDone: () => void;
};

/**
 * Deleting a member's account, in a modal dialog (components/dialog.tsx: the page behind
 * it inert, Escape closes it, and the focus goes back to the button that opened it while
 * the member is still listed): why, 3 to 500 characters, checked before it is sent, the
 * server's refusal landing on the field. The focus starts on the reason.
 */
function DeleteMemberDialog({ site, member, deletion, onCancel, onDone }: DeleteMemberDialogProps) {
  const t = useTranslate();
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<DeletionFields>({ defaultValues: { reason: '' } });
  // Once the dialog is open (its effect runs first), as the browser's own opening does.
  useEffect(() => {
    setFocus('reason');
  }, [setFocus]);

  const submit = handleSubmit(({ reason }) => {
    if (deletion.isPending) return;
    deletion.mutate(
      { member, reason: reason.trim() },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isRefusalOfReason(error)) setError('reason', { type: 'server', message: error.message }, { shouldFocus: true });
        },
      },
    );
  });

  const failure = deletion.isError && !isRefusalOfReason(deletion.error) ? supportFailureText(t, deletion.error, site, member, 'delete') : '';
  const titleId = `${id}-title`;
  const textId = `${id}-text`;
  return (
    <Dialog labelledBy={titleId} describedBy={textId} onDismiss={onCancel}>
      <form className={styles.dialogForm} noValidate onSubmit={(event) => void submit(event)} aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {t('studio.members.delete.title', { email: member.email })}
        </h2>
        <p id={textId}>{t('studio.members.delete.text')}</p>
        <TextAreaField
          label={t('studio.members.delete.reason')}
          hint={t('studio.members.delete.reason.hint')}
          required
          error={errors.reason?.message}
          {...register('reason', {
            validate: (reason) => {
              const problem = reasonProblem(reason);
              return problem ? t(`studio.members.delete.reason.${problem}`) : true;
            },
          })}
        />
        <div className={styles.dialogActions}>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('studio.members.delete.cancel')}
          </button>
          <button type="submit" className="button" aria-disabled={deletion.isPending || undefined}>
            {t(deletion.isPending ? 'studio.members.deleting' : 'studio.members.delete.confirm')}
          </button>
        </div>
        {/* In the dialog from the start, so that what it comes to say is announced. */}
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      </form>
    </Dialog>
  );
}
