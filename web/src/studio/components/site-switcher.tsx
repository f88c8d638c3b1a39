import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useTranslate } from '@/state/i18n';
import { useSites } from '../hooks/use-sites';
import { studioPaths } from '../paths';
import styles from './site-switcher.module.css';

/**
 * Another site's page, from any of a site's screens: a native select of the sites the staff
 * member may see and a button that opens the one chosen (choosing alone moves nowhere, so
 * a keyboard or a screen reader can go through the options). Nothing while the sites are
 * unknown, or when there is no other site to go to.
 */
export function SiteSwitcher({ siteId }: { siteId: string }) {
  const t = useTranslate();
  const id = useId();
  const navigate = useNavigate();
  const sites = useSites();
  if (!sites.data || sites.data.length < 2) return null;
  const known = sites.data.some((site) => site.id === siteId);
  return (
    <form
      className={styles.switcher}
      aria-label={t('studio.switcher.title')}
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = new FormData(event.currentTarget).get('site');
        if (typeof chosen === 'string' && chosen !== '' && chosen !== siteId) void navigate(studioPaths.site.build(chosen));
      }}
    >
      <label htmlFor={id} className={styles.label}>
        {t('studio.switcher.label')}
      </label>
      {/* Keyed by the site shown: moving to another site's screen shows it chosen. */}
      <select key={siteId} id={id} name="site" className={styles.select} defaultValue={known ? siteId : ''}>
        {known ? null : (
          <option value="" disabled>
            {t('studio.switcher.choose')}
          </option>
        )}
        {sites.data.map((site) => (
          <option key={site.id} value={site.id}>
            {site.name}
          </option>
        ))}
      </select>
      <button type="submit" className={`button button-secondary ${styles.open}`}>
        {t('studio.switcher.open')}
      </button>
    </form>
  );
}
