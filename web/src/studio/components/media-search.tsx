import { useState } from 'react';
import { useTranslate } from '@/state/i18n';
import { FormField } from './form-field';
import styles from './media-search.module.css';

type MediaSearchProps = {
  /** The search landmark's name, which tells it from another on the screen. */
  name: string;
  /** The words asked for, trimmed ('': every image). */
  onSearch: (q: string) => void;
};

/**
 * The media library's search (`q`: words of the alt text or the file name), on the Media
 * screen and in the picker. Not a form of its own, since the picker is inside the page's
 * form: Enter searches (rather than submitting that form), as the Search button does, and
 * emptying the field lists every image again.
 */
export function MediaSearch({ name, onSearch }: MediaSearchProps) {
  const t = useTranslate();
  const [words, setWords] = useState('');
  return (
    <div role="search" aria-label={name} className={styles.search}>
      <FormField
        type="search"
        label={t('studio.media.search')}
        hint={t('studio.media.search.hint')}
        autoComplete="off"
        className={styles.field}
        value={words}
        onChange={(event) => {
          setWords(event.target.value);
          if (event.target.value.trim() === '') onSearch('');
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          onSearch(words.trim());
        }}
      />
      <button type="button" className="button button-secondary" onClick={() => onSearch(words.trim())}>
        {t('studio.media.search.submit')}
      </button>
    </div>
  );
}
