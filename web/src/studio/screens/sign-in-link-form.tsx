import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import { emailProblem } from '../acceptance-rules';
import { mailSignInLink } from '../api';
import { FormField } from '../components/form-field';
import styles from './accept-invitation-form.module.css';

/** What the form says of a failure. */
function failureText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'failed_precondition') return t('studio.signIn.link.off');
    if (error.status === 503) return t('studio.signIn.link.unavailable');
  }
  return t('studio.signIn.link.failed');
}

/**
 * Asks for a one-time sign-in link by e-mail. The answer is the same whether or not the
 * address is a staff member's, and so is what the form says.
 */
export function SignInLinkForm() {
  const t = useTranslate();
  const send = useMutation({ mutationFn: (email: string) => mailSignInLink(email) });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const submit = handleSubmit(({ email }) => {
    if (send.isPending) return;
    send.mutate(email.trim());
  });

  const status = send.isSuccess
    ? t('studio.signIn.link.sent', { email: send.variables })
    : send.isError
      ? failureText(t, send.error)
      : '';
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="sign-in-link-title">
      <h2 id="sign-in-link-title">{t('studio.signIn.link.title')}</h2>
      <FormField
        type="email"
        label={t('studio.signIn.link.email')}
        hint={t('studio.signIn.link.hint')}
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
      <button type="submit" className="button" aria-disabled={send.isPending || undefined}>
        {t(send.isPending ? 'studio.signIn.link.sending' : 'studio.signIn.link.send')}
      </button>
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p role="status" className={styles.formError}>
        {status}
      </p>
    </form>
  );
}
