import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslate } from '@/state/i18n';
import type { MediaItem, StudioSite } from '../api';
import { FormField } from '../components/form-field';
import { MediaThumbnail } from '../components/media-thumbnail';
import { RemovalControl, type RemovalProps } from '../components/removable-item';
import { useDescribeMedia } from '../hooks/use-describe-media';
import { useReplaceMediaFile } from '../hooks/use-replace-media-file';
import { altProblem, MEDIA_TYPES, mediaFailureText, mediaFieldRefusal, mediaFileProblem, mediaSize } from '../media-rules';
import { changeTime } from '../publishing-rules';
import styles from './media-card.module.css';

type MediaCardProps = {
  site: StudioSite;
  item: MediaItem;
  /** Those who edit content (mayEditContent) change and delete it; everyone else reads it. */
  edits: boolean;
  /** What a change made comes to (its alt text changed, its file replaced), said by the list. */
  onChanged: (outcome: string) => void;
  /** Its deletion: asked first, beside it (RemovalControl), a refusal said there (422, naming where the image is in use). */
  removal: RemovalProps;
};

/** Which of its changes the card has open: none, its alt text or a new file. */
type OpenForm = 'none' | 'describe' | 'replace';

/**
 * An image of the library: its thumbnail (its alt text its own), its alt text, its file's
 * name, the path pages name it by, its size in pixels and its files', when and by whom it
 * was uploaded. For those who edit content, the ways to edit its alt text and to replace
 * its file (each a small form in the card, one open at a time) and to delete it.
 */
export function MediaCard({ site, item, edits, onChanged, removal }: MediaCardProps) {
  const t = useTranslate();
  const [open, setOpen] = useState<OpenForm>('none');
  const describeButton = useRef<HTMLButtonElement>(null);
  const replaceButton = useRef<HTMLButtonElement>(null);
  /** The form just closed: its button, back as the form goes, takes the focus the form had. */
  const closed = useRef<OpenForm>('none');
  useEffect(() => {
    if (open !== 'none') return;
    if (closed.current === 'describe') describeButton.current?.focus();
    else if (closed.current === 'replace') replaceButton.current?.focus();
    closed.current = 'none';
  }, [open]);
  const close = (form: OpenForm) => {
    closed.current = form;
    setOpen('none');
  };
  return (
    <li className={styles.card} data-testid="studio-media-item">
      <div className={styles.thumbnail}>
        <MediaThumbnail src={item.thumbnailUrl} alt={item.alt} width={item.width} height={item.height} />
      </div>
      <div className={styles.details}>
        <p className={styles.alt}>{item.alt}</p>
        <p>{t('studio.media.fileName', { name: item.fileName })}</p>
        <p>
          {t('studio.media.dimensions', {
            width: new Intl.NumberFormat(t.locale).format(item.width),
            height: new Intl.NumberFormat(t.locale).format(item.height),
            size: mediaSize(t, item.bytes),
          })}
        </p>
        <p className={styles.path}>{t('studio.media.path', { path: item.path })}</p>
        <p>
          <time dateTime={item.uploadedAt}>{t('studio.media.uploadedBy', { time: changeTime(t.locale, item.uploadedAt), name: item.uploadedBy })}</time>
        </p>
      </div>
      {edits ? (
        <div className={styles.actions}>
          {open === 'describe' ? (
            <DescribeForm
              site={site}
              item={item}
              onCancel={() => close('describe')}
              onDescribed={(described) => {
                close('describe');
                onChanged(t('studio.media.described', { alt: described.alt }));
              }}
            />
          ) : open === 'replace' ? (
            <ReplaceForm
              site={site}
              item={item}
              onCancel={() => close('replace')}
              onReplaced={() => {
                close('replace');
                onChanged(t('studio.media.replaced', { alt: item.alt }));
              }}
            />
          ) : (
            <>
              <button
                ref={describeButton}
                type="button"
                className="button button-secondary"
                aria-label={t('studio.media.describe.name', { alt: item.alt })}
                onClick={() => setOpen('describe')}
              >
                {t('studio.media.describe')}
              </button>
              <button
                ref={replaceButton}
                type="button"
                className="button button-secondary"
                aria-label={t('studio.media.replace.name', { alt: item.alt })}
                onClick={() => setOpen('replace')}
              >
                {t('studio.media.replace')}
              </button>
            </>
          )}
          <RemovalControl
            texts={{
              remove: t('studio.media.delete'),
              removeName: t('studio.media.delete.name', { alt: item.alt }),
              question: t('studio.media.delete.confirm', { alt: item.alt }),
              yes: t('studio.media.delete.yes'),
              removing: t('studio.media.deleting'),
              no: t('studio.media.delete.no'),
            }}
            {...removal}
          />
        </div>
      ) : null}
    </li>
  );
}

type DescribeFormProps = {
  site: StudioSite;
  item: MediaItem;
  onCancel: () => void;
  /** Saved: the image as the server answers it. */
  onDescribed: (described: MediaItem) => void;
};

/** The image's alt text, checked as the upload's is, saved (PATCH) on its own; a refusal of it (400 `alt`) lands on the field. */
function DescribeForm({ site, item, onCancel, onDescribed }: DescribeFormProps) {
  const t = useTranslate();
  const describe = useDescribeMedia(site.id);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<{ alt: string }>({ defaultValues: { alt: item.alt } });
  useEffect(() => setFocus('alt'), [setFocus]);
  const submit = handleSubmit(({ alt }) => {
    if (describe.isPending) return;
    describe.mutate(
      { item, alt: alt.trim() },
      {
        onSuccess: onDescribed,
        onError: (error) => {
          const refusal = mediaFieldRefusal(t, error);
          if (refusal?.field === 'alt') setError('alt', { type: 'server', message: refusal.message }, { shouldFocus: true });
        },
      },
    );
  });
  const failure = describe.isError && mediaFieldRefusal(t, describe.error)?.field !== 'alt' ? mediaFailureText(t, describe.error, site.name, 'describe') : '';
  return (
    <form className={styles.form} noValidate aria-label={t('studio.media.describe.form', { alt: item.alt })} onSubmit={(event) => void submit(event)}>
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
      <div className={styles.formActions}>
        <button type="submit" className="button" aria-disabled={describe.isPending || undefined}>
          {t(describe.isPending ? 'studio.media.describe.saving' : 'studio.media.describe.save')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('studio.media.cancel')}
        </button>
      </div>
      <p role="alert" className={styles.failure}>
        {failure}
      </p>
    </form>
  );
}

type ReplaceFormProps = {
  site: StudioSite;
  item: MediaItem;
  onCancel: () => void;
  onReplaced: () => void;
};

/** A new file for the image (PUT), checked as the upload's is; a refusal of it (400 `file`, 413) lands on the field. */
function ReplaceForm({ site, item, onCancel, onReplaced }: ReplaceFormProps) {
  const t = useTranslate();
  const replace = useReplaceMediaFile(site.id);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<{ file: FileList | null }>({ defaultValues: { file: null } });
  useEffect(() => setFocus('file'), [setFocus]);
  const submit = handleSubmit(({ file }) => {
    const chosen = file?.[0];
    if (!chosen || replace.isPending) return;
    replace.mutate(
      { item, file: chosen },
      {
        onSuccess: onReplaced,
        onError: (error) => {
          const refusal = mediaFieldRefusal(t, error);
          if (refusal?.field === 'file') setError('file', { type: 'server', message: refusal.message }, { shouldFocus: true });
        },
      },
    );
  });
  const failure = replace.isError && mediaFieldRefusal(t, replace.error)?.field !== 'file' ? mediaFailureText(t, replace.error, site.name, 'replace') : '';
  return (
    <form className={styles.form} noValidate aria-label={t('studio.media.replace.form', { alt: item.alt })} onSubmit={(event) => void submit(event)}>
      <FormField
        type="file"
        accept={MEDIA_TYPES.join(',')}
        label={t('studio.media.replace.file')}
        hint={t('studio.media.replace.file.hint')}
        required
        error={errors.file?.message}
        {...register('file', {
          validate: (files) => {
            const problem = mediaFileProblem(files?.[0]);
            return problem ? t(`studio.media.file.${problem}`) : true;
          },
        })}
      />
      <div className={styles.formActions}>
        <button type="submit" className="button" aria-disabled={replace.isPending || undefined}>
          {t(replace.isPending ? 'studio.media.replacing' : 'studio.media.replace.submit')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('studio.media.cancel')}
        </button>
      </div>
      <p role="alert" className={styles.failure}>
        {failure}
      </p>
    </form>
  );
}
