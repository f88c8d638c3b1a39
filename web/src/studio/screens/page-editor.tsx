import { Suspense, useCallback, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { lazyComponent } from '@/lib/lazy-component';
import { useTranslate } from '@/state/i18n';
import type { PageBlock } from '@/types/api';
import { StudioApiError, type PageRecord, type StudioSite } from '../api';
import { DraftRecordActions } from '../components/draft-record-actions';
import { DraftRecordLayout, PublishDraftHint } from '../components/draft-record-layout';
import layout from '../components/draft-record-layout.module.css';
import { FormField } from '../components/form-field';
import { MediaPicker } from '../components/media-picker';
import { RemoveFromDraft } from '../components/remove-from-draft';
import { TextAreaField } from '../components/text-area-field';
import { draftRecordFailureText } from '../draft-record-rules';
import { useAskBeforeUnload } from '../hooks/use-ask-before-unload';
import { useDraftPages, useRemoveDraftPage, useSaveDraftPage } from '../hooks/use-draft-pages';
import { usePreviewAddress } from '../hooks/use-preview-address';
import { useSavedToDraft, type SavedToDraftState } from '../hooks/use-saved-to-draft';
import { blocksOfSections } from '../page-blocks-editor/block-conversion';
import type { PageBodyHandle } from '../page-blocks-editor/page-body-editor';
import {
  blockAtFault,
  blockFaultText,
  blocksProblem,
  pageAddress,
  pageFieldAtFault,
  pageFields,
  pageRecord,
  SEO_DESCRIPTION_MAX,
  seoImageProblem,
  slugProblem,
  type PageFieldName,
  type PageFields,
} from '../page-rules';
import { localTimeZone, publishInstant } from '../publishing-rules';
import { studioPaths } from '../paths';
import type { PagesScreenState } from './site-pages-screen';
import styles from './page-editor.module.css';

// Lexical, and the editor built on it, load with the page's screen alone: never with the
// studio's first screen, nor its list of pages (scripts/check-bundle-size.mjs).
const pageBodyEditor = lazyComponent(async () => (await import('../page-blocks-editor/page-body-editor')).PageBodyEditor);

type PageEditorProps = {
  site: StudioSite;
  /** The page as the draft has it; undefined for a new page. */
  page: PageRecord | undefined;
  /** Whether the staff member changes pages (mayEditContent); otherwise they read it. */
  edits: boolean;
};

/**
 * A page of the site as a form whose fields are the API's: its title, its address (typed
 * for a new page, fixed for one saved), its body in the block editor (a lazy chunk), its
 * description and image for search engines and link previews (the image typed, or chosen
 * from the site's media library), and when it leaves the site.
 * Saving sends the page whole (PUT); the body is read from the editor then, and only then.
 * A refusal lands on the field it names, or, inside the body, beside the editor, naming
 * the block. Beside the form: the page's preview, the way to publish the draft, and its
 * removal (after a confirmation). For a role that does not edit pages, the same, read-only.
 */
export function PageEditor({ site, page, edits }: PageEditorProps) {
  const t = useTranslate();
  const navigate = useNavigate();
  const isNew = page === undefined;
  const save = useSaveDraftPage(site.id);
  const removal = useRemoveDraftPage(site.id);
  // The pages there are, for a new page's address (one taken would be replaced, whole):
  // a new page is not saved before they are known.
  const pages = useDraftPages(site.id, isNew && edits);
  const body = useRef<PageBodyHandle>(null);
  const bodyId = useId();
  const [bodyChanged, setBodyChanged] = useState(false);
  // Called as the body changes: the first call re-renders the screen, the next ones nothing.
  const markBodyChanged = useCallback(() => setBodyChanged(true), []);
  const [bodyFault, setBodyFault] = useState('');
  // The body the editor opens with: a page's legacy sections as the blocks that show them, then its blocks.
  const [initialBlocks] = useState<PageBlock[]>(() => [...blocksOfSections(page?.sections), ...(page?.blocks ?? [])]);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    reset,
    formState: { errors, isDirty },
  } = useForm<PageFields>({ defaultValues: pageFields(page) });

  const justSaved = useSavedToDraft(save);
  const unsaved = edits && (isDirty || bodyChanged);
  useAskBeforeUnload(unsaved);

  /** The field of the form a refusal names, where the form shows it (a saved page's address is not a field). */
  const refusedField = (error: unknown): PageFieldName | undefined => {
    if (!(error instanceof StudioApiError) || error.status !== 400) return undefined;
    const field = pageFieldAtFault(error.field);
    return field === 'slug' && !isNew ? undefined : field;
  };
  const refusedBody = (error: unknown) => error instanceof StudioApiError && error.status === 400 && blockAtFault(error.field) !== undefined;

  /** Saves the page, the form's fields being valid (handleSubmit, called as the form is submitted). */
  const saveFields = (fields: PageFields) => {
    if (save.isPending) return;
    // The body as it is now, read once; where the editor is still on its way, as it opened.
    const blocks = body.current?.blocks() ?? initialBlocks;
    const problem = blocksProblem(blocks);
    save.reset();
    if (problem) {
      setBodyFault(blockFaultText(t, problem.field, blocks, t(`studio.page.problem.${problem.problem}`)));
      body.current?.focus();
      return;
    }
    setBodyFault('');
    save.mutate(pageRecord(fields, blocks, page), {
      onSuccess: (saved, sent) => {
        setBodyChanged(false);
        if (isNew) {
          const state: SavedToDraftState = { saved: true };
          void navigate(studioPaths.sitePage.build(site.id, saved.slug || sent.slug), { replace: true, state });
        } else {
          reset(pageFields(saved));
        }
      },
      onError: (failure, sent) => {
        const field = refusedField(failure);
        if (field) {
          setError(field, { type: 'server', message: failure.message }, { shouldFocus: true });
        } else if (refusedBody(failure) && failure instanceof StudioApiError) {
          setBodyFault(blockFaultText(t, failure.field ?? '', sent.blocks ?? [], failure.message));
          body.current?.focus();
        }
      },
    });
  };

  const remove = () => {
    if (!page?.slug || removal.isPending) return;
    removal.mutate(page.slug, {
      onSuccess: () => {
        const state: PagesScreenState = { removed: page.title || page.slug };
        void navigate(studioPaths.sitePages.build(site.id), { state });
      },
    });
  };

  let failure = '';
  if (save.isError && !refusedField(save.error) && !refusedBody(save.error)) failure = draftRecordFailureText(t, save.error, 'studio.page', site.name);
  else if (removal.isError) failure = draftRecordFailureText(t, removal.error, 'studio.page.remove', site.name);
  const title = page?.title || page?.slug || '';
  const bodyDescribedBy = bodyFault ? `${bodyId}-hint ${bodyId}-fault` : `${bodyId}-hint`;
  return (
    <DraftRecordLayout
      label={isNew ? t('studio.page.new.form') : t('studio.page.form', { page: title })}
      onSubmit={(event) => {
        // A new page's address is checked against the site's pages: where they could not be loaded, asked for again.
        if (isNew && pages.isError && !pages.isFetching) void pages.refetch();
        void handleSubmit(saveFields)(event);
      }}
      aside={
        <>
          {page?.slug ? <PagePreview site={site} slug={page.slug} /> : null}
          <PublishDraftHint siteId={site.id} hint={t('studio.page.publish.hint')} link={t('studio.page.publish.link')} />
          {edits && page?.slug ? (
            <RemoveFromDraft
              removing={removal.isPending}
              onRemove={remove}
              texts={{
                remove: t('studio.page.remove'),
                removing: t('studio.page.removing'),
                title: t('studio.page.remove.title', { page: title }),
                text: t('studio.page.remove.text'),
                confirm: t('studio.page.remove.confirm'),
                cancel: t('studio.page.remove.cancel'),
              }}
            />
          ) : null}
        </>
      }
    >
      {edits ? null : (
        <p className={styles.readOnly} data-testid="studio-page-read-only">
          {t('studio.page.readOnly')}
        </p>
      )}
      <fieldset className={layout.fields} disabled={!edits}>
        <FormField
          label={t('studio.page.titleField')}
          hint={t('studio.page.titleField.hint')}
          autoComplete="off"
          required
          error={errors.title?.message}
          {...register('title', { validate: (value) => (value.trim() === '' ? t('studio.page.titleField.missing') : true) })}
        />
        {isNew ? (
          <FormField
            label={t('studio.page.slug')}
            hint={t('studio.page.slug.hint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={errors.slug?.message}
            {...register('slug', {
              validate: (value) => {
                const problem = slugProblem(value);
                if (problem) return t(`studio.page.slug.${problem}`);
                // Until the site's pages are known, an address may be one of theirs: not saved, said why.
                if (!pages.data) return t(pages.isError ? 'studio.page.slug.unchecked' : 'studio.page.slug.checking');
                const taken = pages.data.some((known) => known.slug === value.trim() && known.state !== 'removed');
                return taken ? t('studio.page.slug.taken', { slug: value.trim() }) : true;
              },
            })}
          />
        ) : (
          <p className={styles.address} data-testid="studio-page-address">
            {t('studio.page.address', { address: pageAddress(page.slug ?? '') })}
          </p>
        )}
      </fieldset>
      <section className={styles.body} aria-labelledby={`${bodyId}-label`}>
        <h2 id={`${bodyId}-label`} className={styles.bodyLabel}>
          {t('studio.page.body')}
        </h2>
        <p id={`${bodyId}-hint`} className={styles.hint}>
          {t('studio.page.body.hint')}
        </p>
        <Suspense fallback={<p className={styles.hint}>{t('studio.page.body.loading')}</p>}>
          <pageBodyEditor.Component
            initialBlocks={initialBlocks}
            editable={edits}
            siteAddress={site.publicUrl}
            siteId={site.id}
            labelledBy={`${bodyId}-label`}
            toolbarLabel={t('studio.editor.toolbar')}
            describedBy={bodyDescribedBy}
            invalid={bodyFault !== ''}
            onChange={markBodyChanged}
            handle={body}
          />
        </Suspense>
        {/* In the page from the start, so that what it comes to say is announced. */}
        <p id={`${bodyId}-fault`} role="alert" className={styles.fault} data-testid="studio-page-body-fault">
          {bodyFault}
        </p>
      </section>
      <fieldset className={layout.part} disabled={!edits}>
        <legend>{t('studio.page.seo')}</legend>
        <TextAreaField
          label={t('studio.page.seoDescription')}
          hint={t('studio.page.seoDescription.hint')}
          rows={3}
          error={errors.seoDescription?.message}
          {...register('seoDescription', {
            validate: (value) => (value.trim().length > SEO_DESCRIPTION_MAX ? t('studio.page.seoDescription.tooLong') : true),
          })}
        />
        <FormField
          label={t('studio.page.seoImage')}
          hint={t('studio.page.seoImage.hint')}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          error={errors.seoImage?.message}
          {...register('seoImage', { validate: (value) => (seoImageProblem(value) ? t('studio.page.seoImage.unsafe') : true) })}
        />
        {edits ? (
          <MediaPicker
            siteId={site.id}
            purpose={t('studio.page.seoImage.purpose')}
            onPick={(item) => {
              setValue('seoImage', item.path, { shouldDirty: true, shouldValidate: errors.seoImage !== undefined });
              setFocus('seoImage');
            }}
          />
        ) : null}
      </fieldset>
      <fieldset className={layout.part} disabled={!edits}>
        <legend>{t('studio.page.leaving')}</legend>
        <FormField
          type="datetime-local"
          label={t('studio.page.unpublishAt')}
          hint={t('studio.page.unpublishAt.hint', { zone: localTimeZone() })}
          error={errors.unpublishAt?.message}
          {...register('unpublishAt', {
            validate: (value) => (value === '' || publishInstant(value) ? true : t('studio.page.unpublishAt.invalid')),
          })}
        />
      </fieldset>
      <DraftRecordActions
        edits={edits}
        saving={save.isPending}
        unsaved={unsaved}
        outcome={justSaved ? t('studio.page.saved') : ''}
        failure={failure}
        texts={{ save: t('studio.page.save'), saving: t('studio.page.saving'), unsaved: t('studio.page.unsaved') }}
        testId="studio-page"
      />
    </DraftRecordLayout>
  );
}

/** The way to the page as the draft has it, on the site's own host, in a new tab. */
function PagePreview({ site, slug }: { site: StudioSite; slug: string }) {
  const t = useTranslate();
  const titleId = useId();
  const preview = usePreviewAddress(site.id, pageAddress(slug));
  return (
    <section className={styles.preview} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.page.preview')}</h2>
      <p className={styles.hint}>{t('studio.page.preview.hint')}</p>
      {preview.data ? (
        <p>
          <a href={preview.data} target="_blank" rel="noreferrer" data-testid="studio-page-preview">
            {t('studio.page.preview.link')}
          </a>
        </p>
      ) : preview.isError ? (
        <p role="alert">{t('studio.page.preview.none')}</p>
      ) : (
        <p className={styles.hint}>{t('studio.page.preview.loading')}</p>
      )}
    </section>
  );
}
