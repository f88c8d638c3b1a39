import { Link, NavLink, useMatch } from 'react-router';
import { useTranslate } from '@/state/i18n';
import type { Grant, StudioSite } from '../api';
import { mayManageKeys, mayManageStaff, mayReadAudit, maySupportMembers } from '../grants';
import { studioPaths } from '../paths';
import styles from './site-nav.module.css';

/**
 * The screens of a site the staff member may open, the one shown marked (aria-current,
 * NavLink): its page, its look and settings, its content pages, its events, its theaters, its
 * movies, its media library, its draft with its publishing and its history (every role on the
 * site reads them), and its staff,
 * members, ingest keys and audit log where their `grants` say so.
 */
export function SiteNav({ site, grants }: { site: StudioSite; grants: readonly Grant[] }) {
  const t = useTranslate();
  const managesStaff = mayManageStaff(grants, site.id);
  const supportsMembers = maySupportMembers(grants, site.id);
  const managesKeys = mayManageKeys(grants, site.id);
  const readsAudit = mayReadAudit(grants, site.id);
  const onNewPage = useMatch(studioPaths.siteNewPage.pattern) !== null;
  const onNewEvent = useMatch(studioPaths.siteNewEvent.pattern) !== null;
  return (
    <nav className={styles.nav} aria-label={t('studio.site.nav', { site: site.name })}>
      <ul className={styles.links}>
        <li>
          <NavLink end to={studioPaths.site.build(site.id)} className={styles.link}>
            {t('studio.site.nav.overview')}
          </NavLink>
        </li>
        <li>
          <NavLink to={studioPaths.siteLook.build(site.id)} className={styles.link}>
            {t('studio.site.nav.look')}
          </NavLink>
        </li>
        <li>
          {/* A new page is one of the pages: its screen marks them too (NavLink would not, being beside them). */}
          {onNewPage ? (
            <Link to={studioPaths.sitePages.build(site.id)} className={styles.link} aria-current="page">
              {t('studio.site.nav.pages')}
            </Link>
          ) : (
            <NavLink to={studioPaths.sitePages.build(site.id)} className={styles.link}>
              {t('studio.site.nav.pages')}
            </NavLink>
          )}
        </li>
        <li>
          {/* A new event is one of the events, as a new page is one of the pages. */}
          {onNewEvent ? (
            <Link to={studioPaths.siteEvents.build(site.id)} className={styles.link} aria-current="page">
              {t('studio.site.nav.events')}
            </Link>
          ) : (
            <NavLink to={studioPaths.siteEvents.build(site.id)} className={styles.link}>
              {t('studio.site.nav.events')}
            </NavLink>
          )}
        </li>
        <li>
          {/* NavLink marks a theater's own screen too, being below the theaters' (there is no new theater: the point of sale adds them). */}
          <NavLink to={studioPaths.siteTheaters.build(site.id)} className={styles.link}>
            {t('studio.site.nav.theaters')}
          </NavLink>
        </li>
        <li>
          <NavLink to={studioPaths.siteMovies.build(site.id)} className={styles.link}>
            {t('studio.site.nav.movies')}
          </NavLink>
        </li>
        <li>
          <NavLink to={studioPaths.siteMedia.build(site.id)} className={styles.link}>
            {t('studio.site.nav.media')}
          </NavLink>
        </li>
        <li>
          <NavLink to={studioPaths.sitePublishing.build(site.id)} className={styles.link}>
            {t('studio.site.nav.publishing')}
          </NavLink>
        </li>
        <li>
          <NavLink to={studioPaths.siteHistory.build(site.id)} className={styles.link}>
            {t('studio.site.nav.history')}
          </NavLink>
        </li>
        {managesStaff ? (
          <li>
            <NavLink to={studioPaths.siteStaff.build(site.id)} className={styles.link}>
              {t('studio.site.nav.staff')}
            </NavLink>
          </li>
        ) : null}
        {supportsMembers ? (
          <li>
            <NavLink to={studioPaths.siteMembers.build(site.id)} className={styles.link}>
              {t('studio.site.nav.members')}
            </NavLink>
          </li>
        ) : null}
        {managesKeys ? (
          <li>
            <NavLink to={studioPaths.siteIngestKeys.build(site.id)} className={styles.link}>
              {t('studio.site.nav.ingestKeys')}
            </NavLink>
          </li>
        ) : null}
        {readsAudit ? (
          <li>
            <NavLink to={studioPaths.siteAudit.build(site.id)} className={styles.link}>
              {t('studio.site.nav.audit')}
            </NavLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
