import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import { emailProblem, nameProblem } from '../acceptance-rules';
import { StudioApiError, type InvitationAcceptance } from '../api';
import { FormField } from '../components/form-field';
import { useAcceptInvitation } from '../hooks/use-accept-invitation';
import { useAcceptInvitationWithPasskey } from '../hooks/use-accept-invitation-with-passkey';
import { PasskeyCeremonyError } from '../passkeys';
import { studioPaths } from '../paths';
import styles from './accept-invitation-form.module.css';

/** The form's fields: those of POST /studio/api/v1/invitations/accept but the token. */
type AcceptanceFields = Required<Omit<InvitationAcceptance, 'token'>>;

/** The field a refusal names (400 invalid_argument), where the form has it. */
function fieldAtFault(error: unknown, askEmail: boolean): keyof AcceptanceFields | undefined {
  if (!(error instanceof StudioApiError) || error.status !== 400 || error.code !== 'invalid_argument') return undefined;
  if (error.field === 'name') return 'name';
  if (error.field === 'email' && askEmail) return 'email';
  return undefined;
}

/** What the form says of a failure that is about no field of it. */
function formErrorText(t: Translate, error: unknown): string {
  if (error instanceof PasskeyCeremonyError) {
    return t(error.problem === 'cancelled' ? 'studio.invitation.passkey.cancelled' : 'studio.invitation.passkey.unusable');
  }
  if (error instanceof ApiError) {
    if (error.status === 401) return t('studio.invitation.unusable');
    if (error.code === 'failed_precondition') return t('studio.invitation.needsPasskey');
    if (error.status === 503) return t('studio.invitation.unavailable');
    if (error.status < 500) return t('studio.invitation.refused', { message: error.message });
  }
  return t('studio.invitation.failed');
}

/**
 * Accepts the invitation with the staff member's name, and their e-mail address where the
 * invitation names none: by registering their first passkey (`withPasskey`, where the
 * browser can make one), the first way offered, or without one (`withoutPasskey`, where
 * the invitation allows it). Signed in, they land on the studio's start page.
 */
export function AcceptInvitationForm({
  token,
  askEmail,
  withPasskey,
  withoutPasskey,
}: {
  token: string;
  askEmail: boolean;
  withPasskey: boolean;
  withoutPasskey: boolean;
}) {
  const t = useTranslate();
  const navigate = useNavigate();
  const hintId = useId();
  const acceptWithPasskey = useAcceptInvitationWithPasskey();
  const acceptWithoutPasskey = useAcceptInvitation();
  const pending = acceptWithPasskey.isPending || acceptWithoutPasskey.isPending;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AcceptanceFields>({ defaultValues: { name: '', email: '' } });

  /** The first way offered is the form's submit button (and the Enter key's); the other is a button beside it. */
  const accept = (passkey: boolean) =>
    handleSubmit(({ name, email }) => {
      if (pending) return;
      const acceptance: InvitationAcceptance = { token, name: name.trim(), ...(askEmail ? { email: email.trim() } : {}) };
      // What the other way said before is no longer what happened.
      (passkey ? acceptWithoutPasskey : acceptWithPasskey).reset();
      (passkey ? acceptWithPasskey : acceptWithoutPasskey).mutate(acceptance, {
        onSuccess: () => void navigate(studioPaths.home.build(), { replace: true }),
        onError: (error) => {
          const field = fieldAtFault(error, askEmail);
          if (field) setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
        },
      });
    });

  const failure = acceptWithPasskey.error ?? acceptWithoutPasskey.error;
  const formError = failure && !fieldAtFault(failure, askEmail) ? formErrorText(t, failure) : '';
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void accept(withPasskey)(event)}>
      <FormField
        label={t('studio.invitation.name')}
        hint={t('studio.invitation.name.hint')}
        autoComplete="name"
        required
        error={errors.name?.message}
        {...register('name', {
          validate: (name) => {
            const problem = nameProblem(name);
            return problem ? t(`studio.invitation.name.${problem}`) : true;
          },
        })}
      />
      {askEmail ? (
        <FormField
          type="email"
          label={t('studio.invitation.email')}
          hint={t('studio.invitation.email.hint')}
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email', {
            validate: (email) => {
              const problem = emailProblem(email);
              return problem ? t(`studio.invitation.email.${problem}`) : true;
            },
          })}
        />
      ) : null}
      {withPasskey ? (
        <p id={hintId} className={styles.hint}>
          {t('studio.invitation.passkey.hint')}
        </p>
      ) : null}
      <div className={styles.actions}>
        {withPasskey ? (
          <button type="submit" className="button" aria-describedby={hintId} aria-disabled={pending || undefined}>
            {t(acceptWithPasskey.isPending ? 'studio.invitation.waitingForPasskey' : 'studio.invitation.acceptWithPasskey')}
          </button>
        ) : null}
        {withoutPasskey ? (
          <button
            // Second to the passkey where there is one: not the button the Enter key presses.
            type={withPasskey ? 'button' : 'submit'}
            className={withPasskey ? 'button button-secondary' : 'button'}
            aria-disabled={pending || undefined}
            onClick={withPasskey ? (event) => void accept(false)(event) : undefined}
          >
            {t(acceptWithoutPasskey.isPending ? 'studio.invitation.accepting' : 'studio.invitation.acceptWithoutPasskey')}
          </button>
        ) : null}
      </div>
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p role="alert" className={styles.formError}>
        {formError}
      </p>
    </form>
  );
}
