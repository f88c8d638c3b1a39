import { NavLink } from 'react-router';
import { useTranslate } from '@/state/i18n';
import type { StudioSite } from '../api';
import { studioPaths } from '../paths';
import styles from './site-nav.module.css';

/**
 * The screens of a site the staff member may open, the one shown marked (aria-current,
 * NavLink). Only its page for those who may not manage its staff, and then no menu at all.
 */
export function SiteNav({ site, managesStaff }: { site: StudioSite; managesStaff: boolean }) {
  const t = useTranslate();
  if (!managesStaff) return null;
  return (
    <nav className={styles.nav} aria-label={t('studio.site.nav', { site: site.name })}>
      <ul className={styles.links}>
        <li>
          <NavLink end to={studioPaths.site.build(site.id)} className={styles.link}>
            {t('studio.site.nav.overview')}
          </NavLink>
        </li>
        <li>
          <NavLink to={studioPaths.siteStaff.build(site.id)} className={styles.link}>
            {t('studio.site.nav.staff')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
