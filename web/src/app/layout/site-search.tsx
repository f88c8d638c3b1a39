import { useEffect, useState, type ComponentType } from 'react';
import type { SearchComboboxProps } from '@/features/search/components/search-combobox';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import styles from './site-search.module.css';

// The combobox's code loads only when the field is focused (docs/ingest.md#site-search): until
// then, and with JavaScript off, the field is a plain form sent to the results page. Once
// loaded, the combobox takes the field over where it is (the caret and a phone's keyboard
// stay) and opens the results page itself, without a page load.
const loadCombobox = () => import('@/features/search/components/search-combobox');

/**
 * The header's search field, shown when the site's hasSearch setting is on; a site
 * builder's customisation message turns it on or off live (the root's data-has-search).
 */
export function SiteSearch({ enabled }: { enabled: boolean }) {
  const t = useTranslate();
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps>>();
  const upgrade = () => {
    void loadCombobox().then(
      ({ SearchCombobox }) => setCombobox(() => SearchCombobox),
      // Without it the plain field still searches, on the results page.
      () => undefined,
    );
  };
  // Focused before the page was hydrated: no focus event will come, upgrade now.
  useEffect(() => {
    if (input && document.activeElement === input) upgrade();
  }, [input]);
  return (
    <form
      role="search"
      action={paths.search.build()}
      className={styles.search}
      data-enabled={enabled}
      data-testid="site-search"
    >
      <label htmlFor="site-search" className="visually-hidden">
        {t('search.label')}
      </label>
      <div className={styles.field}>
        <input
          ref={setInput}
          id="site-search"
          name="q"
          type="search"
          enterKeyHint="search"
          maxLength={100}
          placeholder={t('search.placeholder')}
          className={styles.input}
          onFocus={Combobox ? undefined : upgrade}
        />
        {Combobox && input ? <Combobox input={input} /> : null}
      </div>
    </form>
  );
}
