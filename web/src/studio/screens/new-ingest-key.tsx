import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import { nameProblem } from '../acceptance-rules';
import { StudioApiError, type IngestKeyCreated, type StudioSite } from '../api';
import { FormField } from '../components/form-field';
import { useCreateIngestKey } from '../hooks/use-ingest-keys';
import styles from './new-ingest-key.module.css';

/** The form's field: POST .../ingest-keys's `label`. */
type KeyFields = { label: string };

/** A refusal of the label itself (400 naming `label`), which lands on its field. */
function labelRefusal(error: unknown): boolean {
  return error instanceof StudioApiError && error.status === 400 && error.field === 'label';
}

/** What the form says of an attempt that made no key. */
function failureText(t: Translate, error: unknown, site: StudioSite): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('studio.ingestKeys.make.forbidden', { site: site.name });
    if (error.status === 404) return t('studio.site.gone', { site: site.name });
    if (error.status === 503) return t('studio.ingestKeys.make.unavailable');
    if (error.status < 500) return t('studio.ingestKeys.make.refused', { message: error.message });
  }
  return t('studio.ingestKeys.make.failed');
}

/**
 * New key: a form that makes one of the site's ingest keys, labelled; then, in its place,
 * the key's text, shown this once, until the staff member says they have kept it (or
 * leaves the screen: the text is the mutation's alone, never cached). The part's heading
 * takes the focus as the form comes back.
 */
export function NewIngestKey({ site }: { site: StudioSite }) {
  const t = useTranslate();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const make = useCreateIngestKey(site.id);
  return (
    <section className={styles.newKey} aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t('studio.ingestKeys.new.title')}
      </h2>
      {make.isSuccess ? (
        <MadeKey
          made={make.data}
          onKept={() => {
            make.reset();
            heading.current?.focus();
          }}
        />
      ) : (
        <NewKeyForm site={site} titleId={titleId} make={make} />
      )}
    </section>
  );
}

type NewKeyFormProps = {
  site: StudioSite;
  /** The part's heading, which names the form. */
  titleId: string;
  make: UseMutationResult<IngestKeyCreated, Error, string>;
};

/**
 * The label (1 to 100 characters, as a staff member's name: acceptance-rules.ts) and Make
 * key. What a failure came to is said beside the button, which keeps the focus; a refusal
 * of the label lands on its field.
 */
function NewKeyForm({ site, titleId, make }: NewKeyFormProps) {
  const t = useTranslate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<KeyFields>({ defaultValues: { label: '' } });

  const submit = handleSubmit(({ label }) => {
    if (make.isPending) return;
    make.mutate(label.trim(), {
      onError: (error) => {
        if (labelRefusal(error)) setError('label', { type: 'server', message: error.message }, { shouldFocus: true });
      },
    });
  });

  const outcome = make.isError && !labelRefusal(make.error) ? failureText(t, make.error, site) : '';
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby={titleId}>
      <FormField
        label={t('studio.ingestKeys.label')}
        hint={t('studio.ingestKeys.label.hint')}
        autoComplete="off"
        required
        error={errors.label?.message}
        {...register('label', {
          validate: (label) => {
            const problem = nameProblem(label);
            return problem ? t(`studio.ingestKeys.label.${problem}`) : true;
          },
        })}
      />
      <button type="submit" className="button" aria-disabled={make.isPending || undefined}>
        {t(make.isPending ? 'studio.ingestKeys.making' : 'studio.ingestKeys.make')}
      </button>
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p role="status" className={styles.outcome}>
        {outcome}
      </p>
    </form>
  );
}

/**
 * The key just made: its text in a read-only field (selected as it takes the focus), Copy,
 * and the warning that it will not be shown again. Its heading takes the focus as it
 * appears, the form (and its button, which had the focus) being gone.
 */
function MadeKey({ made, onKept }: { made: IngestKeyCreated; onKept: () => void }) {
  const t = useTranslate();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'' | 'copied' | 'failed'>('');
  useEffect(() => title.current?.focus(), []);

  const copy = async () => {
    // Emptied first, so that a second copy is announced too.
    setCopied('');
    try {
      await navigator.clipboard.writeText(made.key);
      setCopied('copied');
    } catch {
      // No clipboard (a page not served over HTTPS), or the browser refused it.
      setCopied('failed');
    }
  };
  return (
    <section className={styles.made} aria-labelledby={titleId} data-testid="studio-ingest-key-made">
      <h3 id={titleId} ref={title} tabIndex={-1}>
        {t('studio.ingestKeys.made.title', { label: made.label })}
      </h3>
      <p className={styles.warning}>{t('studio.ingestKeys.made.warning')}</p>
      <FormField
        label={t('studio.ingestKeys.made.key')}
        hint={t('studio.ingestKeys.made.key.hint')}
        className={styles.key}
        readOnly
        value={made.key}
        autoComplete="off"
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className={styles.actions}>
        <button type="button" className="button" onClick={() => void copy()}>
          {t('studio.ingestKeys.copy')}
        </button>
        <button type="button" className="button button-secondary" onClick={onKept}>
          {t('studio.ingestKeys.kept')}
        </button>
      </div>
      {/* In the part from its start, so that Copied is announced. */}
      <p role="status" className={styles.outcome}>
        {copied === 'copied' ? t('studio.ingestKeys.copied') : copied === 'failed' ? t('studio.ingestKeys.copy.failed') : ''}
      </p>
    </section>
  );
}
