import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import { emailProblem } from '../acceptance-rules';
import { StudioApiError, type InvitationRequest, type StudioRole, type StudioSite } from '../api';
import { FormField } from '../components/form-field';
import { SelectField } from '../components/select-field';
import { expiryTime } from '../expiry-time';
import { roleName } from '../grants';
import { useSendInvitation } from '../hooks/use-site-invitations';
import { theaterIdsFromText, theaterIdsProblem } from '../invitation-rules';
import styles from '../components/form-layout.module.css';

/**
 * The form's fields: POST /studio/api/v1/invitations's `email` and `role`, and its
 * `theaterIds` as typed (ids separated by commas), asked for a theater manager alone.
 */
type InvitationFields = { email: string; role: StudioRole | ''; theaterIds: string };

const BLANK: InvitationFields = { email: '', role: '', theaterIds: '' };

/** The field a refusal names (400), where the form has it. */
function fieldAtFault(error: unknown, role: StudioRole): keyof InvitationFields | undefined {
  if (!(error instanceof StudioApiError) || error.status !== 400) return undefined;
  if (error.field === 'email' || error.field === 'role') return error.field;
  if (error.field === 'theaterIds' && role === 'theater-manager') return 'theaterIds';
  return undefined;
}

/** What the form says of a failure that is about no field of it. */
function failureText(t: Translate, error: unknown, role: StudioRole): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('studio.invite.forbidden', { role: roleName(t, role, 'sentence') });
    if (error.status === 503) return t('studio.invite.unavailable');
    if (error.status < 500) return t('studio.invite.refused', { message: error.message });
  }
  return t('studio.invite.failed');
}

/** The body of the invitation: a site's role on `site` (a theater manager's with their theaters), or an operator's, of no site. */
function invitationRequest(site: StudioSite, { email, role, theaterIds }: InvitationFields & { role: StudioRole }): InvitationRequest {
  if (role === 'operator') return { email: email.trim(), role };
  return {
    email: email.trim(),
    role,
    siteId: site.id,
    ...(role === 'theater-manager' ? { theaterIds: theaterIdsFromText(theaterIds) } : {}),
  };
}

/**
 * Invites someone to the site as one of `roles` (those the staff member may give): the
 * studio mails them a link, which works once, within 24 hours, and is never shown here.
 * What came of it is said beside the button, which keeps the focus; a refusal of a field
 * lands on it.
 */
export function InviteStaffForm({ site, roles }: { site: StudioSite; roles: readonly StudioRole[] }) {
  const t = useTranslate();
  const titleId = useId();
  const send = useSendInvitation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<InvitationFields>({ defaultValues: BLANK });
  const role = useWatch({ control, name: 'role' });

  const submit = handleSubmit((fields) => {
    if (send.isPending || fields.role === '') return;
    const chosen = fields.role;
    send.mutate(invitationRequest(site, { ...fields, role: chosen }), {
      onSuccess: () => reset(BLANK),
      onError: (error) => {
        const field = fieldAtFault(error, chosen);
        if (field) setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
      },
    });
  });

  let outcome = '';
  if (send.isSuccess) {
    const expires = expiryTime(t.locale, send.data.expiresAt);
    outcome = expires
      ? t('studio.invite.sent', { email: send.data.email, time: expires })
      : t('studio.invite.sentUntimed', { email: send.data.email });
  } else if (send.isError && !fieldAtFault(send.error, send.variables.role)) {
    outcome = failureText(t, send.error, send.variables.role);
  }
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.invite.title')}</h2>
      <p className={styles.intro}>{t('studio.invite.intro')}</p>
      <FormField
        type="email"
        label={t('studio.invite.email')}
        hint={t('studio.invite.email.hint')}
        autoComplete="off"
        required
        error={errors.email?.message}
        {...register('email', {
          validate: (email) => {
            const problem = emailProblem(email);
            return problem ? t(`studio.invite.email.${problem}`) : true;
          },
        })}
      />
      <SelectField
        label={t('studio.invite.role')}
        hint={t(roles.includes('operator') ? 'studio.invite.role.hintWithOperator' : 'studio.invite.role.hint')}
        required
        error={errors.role?.message}
        {...register('role', { validate: (chosen) => (chosen === '' ? t('studio.invite.role.missing') : true) })}
      >
        {/* First, so chosen at first (and after a reset) in every browser; sending it is refused by the check. */}
        <option value="">{t('studio.invite.role.choose')}</option>
        {roles.map((grantable) => (
          <option key={grantable} value={grantable}>
            {roleName(t, grantable)}
          </option>
        ))}
      </SelectField>
      {role === 'theater-manager' ? (
        <FormField
          label={t('studio.invite.theaters')}
          hint={t('studio.invite.theaters.hint')}
          autoComplete="off"
          required
          error={errors.theaterIds?.message}
          {...register('theaterIds', {
            validate: (text, fields) => (theaterIdsProblem(fields.role, text) ? t('studio.invite.theaters.missing') : true),
          })}
        />
      ) : null}
      <button type="submit" className="button" aria-disabled={send.isPending || undefined}>
        {t(send.isPending ? 'studio.invite.sending' : 'studio.invite.send')}
      </button>
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p role="status" className={styles.outcome}>
        {outcome}
      </p>
    </form>
  );
}
