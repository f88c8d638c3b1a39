import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '@/components/dialog';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { plural } from '@/rules/plural';
import { useTranslate } from '@/state/i18n';
import { StudioApiError, type PublishOutcome, type PublishRequest, type StudioSite } from '../api';
import { FormField } from '../components/form-field';
import { isStillToCome, localInputValue, localTimeZone, publishInstant } from '../publishing-rules';
import styles from './publish-dialog.module.css';

/** Publishing now, or at a day and time the staff member picks. */
export type PublishMode = 'now' | 'at';

/** The dialog's fields: the day and time on the staff member's clock (a datetime-local input's value), and `overwrite`. */
type PublishFields = { publishAt: string; overwrite: boolean };

type PublishDialogProps = {
  site: StudioSite;
  /** How many records the draft changes. */
  changes: number;
  mode: PublishMode;
  /**
   * The screen's publishing (usePublishDraft), not the dialog's own: what came of it is
   * said on the screen once the dialog has closed.
   */
  publish: UseMutationResult<PublishOutcome, Error, PublishRequest>;
  /** Closes it unpublished: Cancel, or Escape. */
  onCancel: () => void;
  /** Closes it once the draft is published or scheduled. */
  onDone: () => void;
};

/** Records were changed since the draft began changing them (409): its message names them. */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The server's refusal of the time picked (400 naming `publishAt`), which lands on its field. */
function isRefusalOfTime(error: unknown): error is StudioApiError {
  return error instanceof StudioApiError && error.status === 400 && error.field === 'publishAt';
}

/** What is said of a publishing that failed, but of the time picked. */
export function publishFailureText(t: Translate, error: unknown, site: StudioSite): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('studio.publish.forbidden', { site: site.name });
    if (error.status === 503) return t('studio.publish.unavailable');
    if (error.status < 500) return t('studio.publish.refused', { message: error.message });
  }
  return t('studio.publish.failed');
}

/**
 * Publishing the draft, in a modal dialog (components/dialog.tsx: the page behind it inert,
 * Escape closes it, and the focus goes back to the button that opened it): now, or at a
 * day and time on the staff member's clock, sent as an RFC 3339 instant; over records
 * changed since, if they say so. The focus starts on the time to pick, or on Cancel
 * before a publishing that is at once. A 409 names the records changed since and offers
 * to publish over them; the dialog closes once the draft is published or scheduled.
 */
export function PublishDialog({ site, changes, mode, publish, onCancel, onDone }: PublishDialogProps) {
  const t = useTranslate();
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  // The earliest time a picker offers: the minute the dialog opened.
  const [earliest] = useState(() => localInputValue(new Date()));
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    formState: { errors },
  } = useForm<PublishFields>({ defaultValues: { publishAt: '', overwrite: false } });
  // Once the dialog is open (its effect runs first), as the browser's own opening does.
  useEffect(() => {
    if (mode === 'at') setFocus('publishAt');
    else cancel.current?.focus();
  }, [mode, setFocus]);

  const send = (request: PublishRequest) => {
    if (publish.isPending) return;
    publish.mutate(request, {
      onSuccess: onDone,
      onError: (error) => {
        if (mode === 'at' && isRefusalOfTime(error)) setError('publishAt', { type: 'server', message: error.message }, { shouldFocus: true });
      },
    });
  };
  const submit = handleSubmit(({ publishAt, overwrite }) => {
    const instant = mode === 'at' ? publishInstant(publishAt) : undefined;
    send(instant ? { publishAt: instant, overwrite } : { overwrite });
  });

  const failure = publish.isError && !(mode === 'at' && isRefusalOfTime(publish.error)) ? publishFailureText(t, publish.error, site) : '';
  /** What was sent when the server named records changed since: sent again over them, on request. */
  const conflicting = publish.isError && isConflict(publish.error) ? publish.variables : undefined;
  const titleId = `${id}-title`;
  const overwriteId = `${id}-overwrite`;
  return (
    <Dialog labelledBy={titleId} describedBy={`${id}-text`} onDismiss={onCancel}>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.title}>
          {t(mode === 'at' ? 'studio.publish.at.title' : 'studio.publish.now.title')}
        </h2>
        <div id={`${id}-text`} className={styles.text}>
          <p>{plural(t, 'studio.publish.changes', changes)}</p>
          {mode === 'at' ? <p>{t('studio.publish.at.text')}</p> : null}
        </div>
        {mode === 'at' ? (
          <FormField
            type="datetime-local"
            label={t('studio.publish.time')}
            hint={t('studio.publish.time.hint', { zone: localTimeZone() })}
            min={earliest}
            required
            error={errors.publishAt?.message}
            {...register('publishAt', {
              validate: (local) => {
                const instant = publishInstant(local);
                if (!instant) return t('studio.publish.time.missing');
                return isStillToCome(instant) ? true : t('studio.publish.time.passed');
              },
            })}
          />
        ) : null}
        <div className={styles.overwrite}>
          <input id={overwriteId} type="checkbox" className={styles.checkbox} aria-describedby={`${overwriteId}-hint`} {...register('overwrite')} />
          <label htmlFor={overwriteId}>{t('studio.publish.overwrite')}</label>
          <p id={`${overwriteId}-hint`} className={styles.hint}>
            {t('studio.publish.overwrite.hint')}
          </p>
        </div>
        <div className={styles.actions}>
          <button ref={cancel} type="button" className="button button-secondary" onClick={onCancel}>
            {t('studio.publish.cancel')}
          </button>
          <button type="submit" className="button" aria-disabled={publish.isPending || undefined}>
            {mode === 'at'
              ? t(publish.isPending ? 'studio.publish.scheduling' : 'studio.publish.send.at')
              : t(publish.isPending ? 'studio.publish.sending' : 'studio.publish.send.now')}
          </button>
        </div>
        {/* In the dialog from the start, so that what it comes to say is announced. */}
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
        {conflicting ? (
          <div className={styles.conflict}>
            <p>{t('studio.publish.conflict.hint')}</p>
            <button
              type="button"
              className="button"
              onClick={() => {
                setValue('overwrite', true);
                send({ ...conflicting, overwrite: true });
              }}
            >
              {t('studio.publish.overwriteConflicts')}
            </button>
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
