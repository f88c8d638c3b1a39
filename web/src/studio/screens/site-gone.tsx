import { Link } from 'react-router';
import { useTranslate } from '@/state/i18n';
import type { StudioSite } from '../api';
import { studioPaths } from '../paths';
import styles from './site-gone.module.css';

/**
 * What a site's screen shows when the server no longer knows the staff member on the site
 * (404: their grant was removed since the studio listed their sites), with the way back to
 * the start page, which lists those they still have.
 */
export function SiteGone({ site, testId }: { site: StudioSite; testId?: string }) {
  const t = useTranslate();
  return (
    <div className={styles.gone} data-testid={testId}>
      <p>{t('studio.site.gone', { site: site.name })}</p>
      <p>
        <Link to={studioPaths.home.build()}>{t('studio.site.notFound.home')}</Link>
      </p>
    </div>
  );
}
