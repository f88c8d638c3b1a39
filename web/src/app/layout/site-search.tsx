import { useEffect, useRef, useState, type ComponentType } from 'react';
import { paths } from '@/config/paths';
import { useTranslate } from '@/lib/i18n';
import styles from './site-search.module.css';

const INPUT_ID = 'site-search';

type ComboboxProps = { inputId: string; initialQuery: string; inputClassName?: string; placeholder: string };

// The combobox's code loads only when the field is focused (DESIGN.md section 8): until
// then, and with JavaScript off, the field is a plain form sent to the results page. The
// combobox opens the results page itself, without a page load.
const loadCombobox = () => import('@/features/search/components/search-combobox');

/**
 * The header's search field, shown when the site's hasSearch setting is on; a site
 * builder's customisation message turns it on or off live (the root's data-has-search).
 */
export function SiteSearch({ enabled }: { enabled: boolean }) {
  const t = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [combobox, setCombobox] = useState<{ Combobox: ComponentType<ComboboxProps>; typed: string }>();
  const upgrade = () => {
    void loadCombobox().then(
      ({ SearchCombobox }) => setCombobox({ Combobox: SearchCombobox, typed: input.current?.value ?? '' }),
      // Without it the plain field still searches, on the results page.
      () => undefined,
    );
  };
  // Focused before the page was hydrated: no focus event will come, upgrade now.
  useEffect(() => {
    if (document.activeElement === input.current) upgrade();
  }, []);
  return (
    <form
      role="search"
      action={paths.search.build()}
      className={styles.search}
      data-enabled={enabled}
      data-testid="site-search"
    >
      <label htmlFor={INPUT_ID} className="visually-hidden">
        {t('search.label')}
      </label>
      {combobox ? (
        <combobox.Combobox
          inputId={INPUT_ID}
          initialQuery={combobox.typed}
          inputClassName={styles.input}
          placeholder={t('search.placeholder')}
        />
      ) : (
        <input
          ref={input}
          id={INPUT_ID}
          name="q"
          type="search"
          maxLength={100}
          placeholder={t('search.placeholder')}
          className={styles.input}
          onFocus={upgrade}
        />
      )}
    </form>
  );
}
