import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslate } from '@/state/i18n';
import type { StudioSite } from '../api';
import { FormField } from '../components/form-field';
import { useUploadMedia } from '../hooks/use-upload-media';
import { altProblem, MEDIA_TYPES, mediaFailureText, mediaFieldRefusal, mediaFileProblem } from '../media-rules';
import layout from '../components/form-layout.module.css';
import styles from './site-media-screen.module.css';

/** The form's fields: POST .../media's parts, `file` (the first file chosen) and `alt`. */
export type UploadFields = { file: FileList | null; alt: string };

/**
 * Add an image: its file (a JPEG, PNG or WebP image of at most 10 MB) and its alt text
 * (required, one line, at most 500 characters), each checked as the server checks it
 * before anything is sent (media-rules.ts). A refusal naming `file` or `alt` (or a file
 * too large, 413) lands on that field, which takes the focus; anything else is said beside
 * the button. Once added, the form is emptied and the outcome says the site is publishing it.
 */
export function UploadMediaForm({ site }: { site: StudioSite }) {
  const t = useTranslate();
  const titleId = useId();
  const upload = useUploadMedia(site.id);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<UploadFields>({ defaultValues: { file: null, alt: '' } });

  const submit = handleSubmit(({ file, alt }) => {
    const chosen = file?.[0];
    if (!chosen || upload.isPending) return;
    upload.mutate(
      { file: chosen, alt: alt.trim() },
      {
        // Emptied, the file input too (reset() resets the form element itself).
        onSuccess: () => reset(),
        onError: (error) => {
          const refusal = mediaFieldRefusal(t, error);
          if (refusal) setError(refusal.field, { type: 'server', message: refusal.message }, { shouldFocus: true });
        },
      },
    );
  });

  let outcome = '';
  if (upload.isSuccess) outcome = t('studio.media.uploaded', { alt: upload.variables.alt });
  else if (upload.isError && !mediaFieldRefusal(t, upload.error)) outcome = mediaFailureText(t, upload.error, site.name, 'upload');
  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.media.upload.title')}</h2>
      <form className={layout.form} noValidate aria-labelledby={titleId} onSubmit={(event) => void submit(event)}>
        <FormField
          type="file"
          accept={MEDIA_TYPES.join(',')}
          label={t('studio.media.file')}
          hint={t('studio.media.file.hint')}
          required
          error={errors.file?.message}
          {...register('file', {
            validate: (files) => {
              const problem = mediaFileProblem(files?.[0]);
              return problem ? t(`studio.media.file.${problem}`) : true;
            },
          })}
        />
        <FormField
          label={t('studio.media.alt')}
          hint={t('studio.media.alt.hint')}
          autoComplete="off"
          required
          error={errors.alt?.message}
          {...register('alt', {
            validate: (alt) => {
              const problem = altProblem(alt);
              return problem ? t(`studio.media.alt.${problem}`) : true;
            },
          })}
        />
        <button type="submit" className="button" aria-disabled={upload.isPending || undefined}>
          {t(upload.isPending ? 'studio.media.uploading' : 'studio.media.upload')}
        </button>
        {/* In the page from the start, so that what it comes to say is announced. */}
        <p role="status" className={layout.outcome} data-testid="studio-media-upload-outcome">
          {outcome}
        </p>
      </form>
    </section>
  );
}
