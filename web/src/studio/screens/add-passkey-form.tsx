import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import { StudioApiError } from '../api';
import { FormField } from '../components/form-field';
import { useAddPasskey } from '../hooks/use-passkeys';
import { PasskeyCeremonyError, passkeysSupported } from '../passkeys';
import styles from './add-passkey-form.module.css';

/** The form's field: POST /studio/api/v1/passkeys's `label`. */
type PasskeyFields = { label: string };

/** A refusal of the label itself (400 naming `label`), which lands on its field. */
function labelRefusal(error: unknown): boolean {
  return error instanceof StudioApiError && error.status === 400 && error.field === 'label';
}

/** What the form says of an attempt that added no passkey. */
function failureText(t: Translate, error: unknown): string {
  if (error instanceof PasskeyCeremonyError) return t(`studio.passkeys.add.${error.problem}`);
  if (error instanceof ApiError) {
    if (error.status === 503) return t('studio.passkeys.add.unavailable');
    if (error.status < 500) return t('studio.passkeys.add.refused', { message: error.message });
  }
  return t('studio.passkeys.add.failed');
}

/**
 * Adds a passkey for the staff member signed in (on this device, their phone or their
 * password manager, as the browser offers), with a name of their choosing if they give one.
 * What came of it is said beside the button, which keeps the focus.
 */
export function AddPasskeyForm() {
  const t = useTranslate();
  const titleId = useId();
  const add = useAddPasskey();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasskeyFields>({ defaultValues: { label: '' } });

  const submit = handleSubmit(({ label }) => {
    if (add.isPending) return;
    add.mutate(label.trim(), {
      onSuccess: () => reset(),
      onError: (error) => {
        if (labelRefusal(error)) setError('label', { type: 'server', message: error.message }, { shouldFocus: true });
      },
    });
  });

  const outcome = add.isSuccess
    ? add.variables === ''
      ? t('studio.passkeys.add.doneUnnamed')
      : t('studio.passkeys.add.done', { label: add.variables })
    : add.isError && !labelRefusal(add.error)
      ? failureText(t, add.error)
      : '';
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.passkeys.add.title')}</h2>
      {passkeysSupported() ? (
        <>
          <FormField
            label={t('studio.passkeys.add.label')}
            hint={t('studio.passkeys.add.label.hint')}
            autoComplete="off"
            error={errors.label?.message}
            {...register('label')}
          />
          <button type="submit" className="button" aria-disabled={add.isPending || undefined}>
            {t(add.isPending ? 'studio.passkeys.add.pending' : 'studio.passkeys.add')}
          </button>
          {/* In the page from the start, so that what it comes to say is announced. */}
          <p role="status" className={styles.outcome}>
            {outcome}
          </p>
        </>
      ) : (
        <p className={styles.unsupported}>{t('studio.passkeys.unsupported')}</p>
      )}
    </form>
  );
}
