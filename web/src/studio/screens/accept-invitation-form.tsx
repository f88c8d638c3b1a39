import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import { emailProblem, nameProblem } from '../acceptance-rules';
import { StudioApiError, type InvitationAcceptance } from '../api';
import { FormField } from '../components/form-field';
import { useAcceptInvitation } from '../hooks/use-accept-invitation';
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
 * invitation names none; signed in, they land on the studio's start page.
 */
export function AcceptInvitationForm({ token, askEmail }: { token: string; askEmail: boolean }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AcceptanceFields>({ defaultValues: { name: '', email: '' } });

  const submit = handleSubmit(({ name, email }) => {
    if (accept.isPending) return;
    const acceptance: InvitationAcceptance = { token, name: name.trim(), ...(askEmail ? { email: email.trim() } : {}) };
    accept.mutate(acceptance, {
      onSuccess: () => void navigate(studioPaths.home.build(), { replace: true }),
      onError: (error) => {
        const field = fieldAtFault(error, askEmail);
        if (field) setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
      },
    });
  });

  const formError = accept.isError && !fieldAtFault(accept.error, askEmail) ? formErrorText(t, accept.error) : '';
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
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
      <button type="submit" className="button" aria-disabled={accept.isPending || undefined}>
        {t(accept.isPending ? 'studio.invitation.accepting' : 'studio.invitation.accept')}
      </button>
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p role="alert" className={styles.formError}>
        {formError}
      </p>
    </form>
  );
}
