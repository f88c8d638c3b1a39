import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import type { Me, StaffGrant, StudioSite } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { grantableRoles, mayManageStaff, roleName, theaterList } from '../grants';
import { useRemoveStaffAccess, useSiteStaff } from '../hooks/use-site-staff';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { InviteStaffForm } from './invite-staff-form';
import { PendingInvitations } from './pending-invitations';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './site-staff-screen.module.css';

/**
 * `/sites/{siteId}/staff`: who holds a grant on the site, each with a way to remove their
 * access (after a confirmation; their sessions end with it), the invitations not yet
 * accepted, and a form that invites someone. For the site's administrators and the
 * operators; anyone else is told so, and nothing is asked of the server. A chunk of its own
 * (studio-app.tsx).
 */
export function SiteStaffScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.staff.title', { site: site.name })}>
      {(site, me) => <SiteStaff site={site} me={me} />}
    </SiteScreenFrame>
  );
}

/** The server's refusal of the site's staff to this staff member: a grant without the permission (403), or none (404). */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 404);
}

function SiteStaff({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const manages = mayManageStaff(me.grants, site.id);
  const staff = useSiteStaff(site.id, manages);
  useForgetSessionIfEnded(staff.error);
  // Their grants say they may not, or the server does (the grants changed meanwhile).
  const refused = !manages || isRefusal(staff.error);
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.staff.title', { site: site.name })}</h1>
      <SiteNav site={site} managesStaff={manages} />
      {refused ? (
        <p className={styles.refused} data-testid="studio-staff-refused">
          {t('studio.staff.forbidden', { site: site.name })}
        </p>
      ) : (
        <>
          <StaffList site={site} me={me} staff={staff} />
          <PendingInvitations site={site} />
          <InviteStaffForm site={site} roles={grantableRoles(me.grants, site.id)} />
        </>
      )}
    </section>
  );
}

/** What the confirmation says of a removal that failed. */
function removalFailureText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409) return t('studio.staff.remove.own');
    if (error.status === 503) return t('studio.staff.remove.unavailable');
    if (error.status < 500) return t('studio.staff.remove.refused', { message: error.message });
  }
  return t('studio.staff.remove.failed');
}

function StaffList({ site, me, staff }: { site: StudioSite; me: Me; staff: UseQueryResult<StaffGrant[]> }) {
  const t = useTranslate();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const remove = useRemoveStaffAccess(site.id);
  /** The staff member whose removal is being confirmed. */
  const [confirming, setConfirming] = useState<string | null>(null);

  const removed = remove.isSuccess ? t('studio.staff.removed', { name: remove.variables.name, site: site.name }) : '';
  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t('studio.staff.list.title')}
      </h2>
      {staff.data ? (
        staff.data.length === 0 ? (
          <p>{t('studio.staff.none')}</p>
        ) : (
          <ul className={styles.list} data-testid="studio-staff" aria-labelledby={titleId}>
            {staff.data.map((member) => (
              <StaffItem
                key={member.id}
                site={site}
                member={member}
                you={member.id === me.staff.id}
                confirming={confirming === member.id}
                removing={remove.isPending && remove.variables.id === member.id}
                failure={remove.isError && remove.variables.id === member.id ? removalFailureText(t, remove.error) : ''}
                onAsk={() => {
                  remove.reset();
                  setConfirming(member.id);
                }}
                onKeep={() => {
                  remove.reset();
                  setConfirming(null);
                }}
                onRemove={() => {
                  if (remove.isPending) return;
                  remove.mutate(member, {
                    onSuccess: () => {
                      setConfirming(null);
                      // Their item, which had the focus, is gone: the list's heading takes it.
                      heading.current?.focus();
                    },
                  });
                }}
              />
            ))}
          </ul>
        )
      ) : staff.isError ? (
        <ServiceProblem level={2} error={staff.error} retrying={staff.isFetching} onRetry={() => void staff.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p role="status" className={styles.outcome}>
        {removed}
      </p>
    </section>
  );
}

type StaffItemProps = {
  site: StudioSite;
  member: StaffGrant;
  /** The staff member signed in. */
  you: boolean;
  /** Their removal is being confirmed. */
  confirming: boolean;
  removing: boolean;
  /** What went wrong with their removal, or ''. */
  failure: string;
  onAsk: () => void;
  onKeep: () => void;
  onRemove: () => void;
};

/**
 * One member of the staff, with the Remove access button, which asks first: the question
 * takes the focus, and keeping their access gives it back to the button. (Once removed,
 * the list's heading takes it: the item goes as the list is asked again.)
 */
function StaffItem({ site, member, you, confirming, removing, failure, onAsk, onKeep, onRemove }: StaffItemProps) {
  const t = useTranslate();
  const removeButton = useRef<HTMLButtonElement>(null);
  const question = useRef<HTMLParagraphElement>(null);
  /** Their access was kept: the button comes back, and takes the focus. */
  const kept = useRef(false);
  useEffect(() => {
    if (confirming) question.current?.focus();
    else if (kept.current) removeButton.current?.focus();
    kept.current = false;
  }, [confirming]);
  const removeName = t('studio.staff.remove.name', { name: member.name });
  return (
    <li className={styles.item}>
      <div className={styles.details}>
        <p className={styles.name}>{you ? t('studio.staff.you', { name: member.name }) : member.name}</p>
        <p>{member.email}</p>
        <p>{roleName(t, member.role)}</p>
        {member.theaterIds.length > 0 ? (
          <p>{t('studio.grant.theaters', { theaters: theaterList(t.locale, member.theaterIds) })}</p>
        ) : null}
      </div>
      {confirming ? (
        <div className={styles.confirmation} role="group" aria-label={removeName}>
          <p ref={question} tabIndex={-1} className={styles.question}>
            {t('studio.staff.remove.confirm', { name: member.name, site: site.name })}
          </p>
          <div className={styles.actions}>
            <button type="button" className="button" aria-disabled={removing || undefined} onClick={onRemove}>
              {t(removing ? 'studio.staff.removing' : 'studio.staff.remove.yes')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                kept.current = true;
                onKeep();
              }}
            >
              {t('studio.staff.remove.no')}
            </button>
          </div>
          <p role="alert" className={styles.failure}>
            {failure}
          </p>
        </div>
      ) : (
        <button
          ref={removeButton}
          type="button"
          className={`button button-secondary ${styles.remove}`}
          aria-label={removeName}
          onClick={onAsk}
        >
          {t('studio.staff.remove')}
        </button>
      )}
    </li>
  );
}
