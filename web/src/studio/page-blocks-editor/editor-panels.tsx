// The forms the editor's toolbar opens between itself and the body: a link for the text
// selected, an image, a button link. They are groups of fields, not forms of their own (the
// body is inside the page's form): Enter applies, Escape closes, each check said on its field.
import { useEffect, useId, type KeyboardEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslate } from '@/state/i18n';
import { FormField } from '../components/form-field';
import { MediaPicker } from '../components/media-picker';
import { imageSourceProblem, linkProblem } from '../page-rules';
import type { PageButton } from './page-button-node';
import type { PageImage } from './page-image-node';
import styles from './page-body-editor.module.css';

/** Enter applies what the fields say (rather than submitting the page's form), Escape closes. */
function panelKeys(apply: () => void, cancel: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };
}

function EditorPanel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className={styles.panel} data-testid={testId}>
      <h3 id={titleId}>{title}</h3>
      {children}
    </div>
  );
}

type LinkPanelProps = {
  /** The address of the link the selection is in, or null: none yet. */
  current: string | null;
  /** Text is selected, to make a link of. */
  hasText: boolean;
  onSet: (address: string) => void;
  onRemove: () => void;
  onCancel: () => void;
};

/**
 * The link of the text selected: its address, checked as the site checks it
 * (rules/block-links.ts) before it is set, so a `javascript:` address never reaches the
 * page. Without text selected (nor a link to change), it says to select some first.
 */
export function LinkPanel({ current, hasText, onSet, onRemove, onCancel }: LinkPanelProps) {
  const t = useTranslate();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<{ address: string }>({ defaultValues: { address: current ?? '' } });
  const usable = hasText || current !== null;
  useEffect(() => {
    if (usable) setFocus('address');
  }, [usable, setFocus]);
  const apply = () => void handleSubmit(({ address }) => onSet(address.trim()))();
  if (!usable) {
    return (
      <EditorPanel title={t('studio.editor.link.title')} testId="studio-editor-link">
        <p className={styles.note} role="alert">
          {t('studio.editor.link.noSelection')}
        </p>
        <div className={styles.panelActions}>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('studio.editor.close')}
          </button>
        </div>
      </EditorPanel>
    );
  }
  return (
    <EditorPanel title={t('studio.editor.link.title')} testId="studio-editor-link">
      <FormField
        label={t('studio.editor.link.address')}
        hint={t('studio.editor.link.address.hint')}
        autoComplete="off"
        spellCheck={false}
        inputMode="url"
        error={errors.address?.message}
        onKeyDown={panelKeys(apply, onCancel)}
        {...register('address', {
          validate: (address) => {
            const problem = linkProblem(address);
            return problem ? t(`studio.editor.link.${problem}`) : true;
          },
        })}
      />
      <div className={styles.panelActions}>
        <button type="button" className="button" onClick={apply}>
          {t('studio.editor.link.apply')}
        </button>
        {current === null ? null : (
          <button type="button" className="button button-secondary" onClick={onRemove}>
            {t('studio.editor.link.remove')}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('studio.editor.cancel')}
        </button>
      </div>
    </EditorPanel>
  );
}

type ImagePanelProps = {
  /** The site whose media library the image may be chosen from. */
  siteId: string;
  /** The image being changed, or undefined: a new one. */
  image: PageImage | undefined;
  onApply: (image: PageImage) => void;
  onCancel: () => void;
};

/**
 * An image: its address (a path on the site, an https address, typed, or the path of an
 * image chosen from the site's media library, whose alt text comes with it), its alt text
 * (required; the library's may be changed for this page) and its caption.
 */
export function ImagePanel({ siteId, image, onApply, onCancel }: ImagePanelProps) {
  const t = useTranslate();
  const {
    register,
    handleSubmit,
    setFocus,
    setValue,
    formState: { errors },
  } = useForm<PageImage>({ defaultValues: image ?? { src: '', alt: '', caption: '' } });
  useEffect(() => setFocus('src'), [setFocus]);
  const apply = () =>
    void handleSubmit(({ src, alt, caption }) => onApply({ src: src.trim(), alt: alt.trim(), caption: caption.trim() }))();
  const keys = panelKeys(apply, onCancel);
  return (
    <EditorPanel title={t(image ? 'studio.editor.image.editTitle' : 'studio.editor.image.title')} testId="studio-editor-image">
      <FormField
        label={t('studio.editor.image.src')}
        hint={t('studio.editor.image.src.hint')}
        autoComplete="off"
        spellCheck={false}
        inputMode="url"
        required
        error={errors.src?.message}
        onKeyDown={keys}
        {...register('src', {
          validate: (src) => {
            const problem = imageSourceProblem(src);
            return problem ? t(`studio.editor.image.src.${problem}`) : true;
          },
        })}
      />
      <MediaPicker
        siteId={siteId}
        purpose={t('studio.editor.image.purpose')}
        onPick={(item) => {
          // Where a check had failed, the fields are checked again, so its message goes.
          const again = { shouldValidate: errors.src !== undefined || errors.alt !== undefined };
          setValue('src', item.path, again);
          setValue('alt', item.alt, again);
          // Its alt text, to be made this page's own where it should say more (or less).
          setFocus('alt');
        }}
      />
      <FormField
        label={t('studio.editor.image.alt')}
        hint={t('studio.editor.image.alt.hint')}
        autoComplete="off"
        required
        error={errors.alt?.message}
        onKeyDown={keys}
        {...register('alt', { validate: (alt) => (alt.trim() === '' ? t('studio.editor.image.alt.missing') : true) })}
      />
      <FormField label={t('studio.editor.image.caption')} autoComplete="off" onKeyDown={keys} {...register('caption')} />
      <div className={styles.panelActions}>
        <button type="button" className="button" onClick={apply}>
          {t(image ? 'studio.editor.image.update' : 'studio.editor.image.insert')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('studio.editor.cancel')}
        </button>
      </div>
    </EditorPanel>
  );
}

type ButtonPanelProps = {
  /** The button link being changed, or undefined: a new one. */
  button: PageButton | undefined;
  onApply: (button: PageButton) => void;
  onCancel: () => void;
};

/** A button link: its label, and where it goes (checked as a link of the text is). */
export function ButtonPanel({ button, onApply, onCancel }: ButtonPanelProps) {
  const t = useTranslate();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<PageButton>({ defaultValues: button ?? { label: '', href: '' } });
  useEffect(() => setFocus('label'), [setFocus]);
  const apply = () => void handleSubmit(({ label, href }) => onApply({ label: label.trim(), href: href.trim() }))();
  const keys = panelKeys(apply, onCancel);
  return (
    <EditorPanel title={t(button ? 'studio.editor.button.editTitle' : 'studio.editor.button.title')} testId="studio-editor-button">
      <FormField
        label={t('studio.editor.button.label')}
        hint={t('studio.editor.button.label.hint')}
        autoComplete="off"
        required
        error={errors.label?.message}
        onKeyDown={keys}
        {...register('label', { validate: (label) => (label.trim() === '' ? t('studio.editor.button.label.missing') : true) })}
      />
      <FormField
        label={t('studio.editor.button.href')}
        hint={t('studio.editor.link.address.hint')}
        autoComplete="off"
        spellCheck={false}
        inputMode="url"
        required
        error={errors.href?.message}
        onKeyDown={keys}
        {...register('href', {
          validate: (href) => {
            const problem = linkProblem(href);
            return problem ? t(`studio.editor.link.${problem}`) : true;
          },
        })}
      />
      <div className={styles.panelActions}>
        <button type="button" className="button" onClick={apply}>
          {t(button ? 'studio.editor.button.update' : 'studio.editor.button.insert')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('studio.editor.cancel')}
        </button>
      </div>
    </EditorPanel>
  );
}
