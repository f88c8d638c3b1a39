import { Link } from '@/components/link';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useTranslate } from '@/lib/i18n';
import { useAppData } from '@/lib/app-data';
import { siteName } from '@/lib/site-name';
import styles from './not-found.module.css';

/** The 404 screen; also what a movie or page route shows for an unknown address. */
export function NotFoundRoute() {
  const t = useTranslate();
  const { data } = useAppData();
  return (
    <div className={`container page ${styles.notFound}`} data-testid="not-found">
      <PageTitle page={t('notFound.title')} site={siteName(data?.site)} />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t('notFound.title')}</h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <div className={styles.actions}>
        <Link to={paths.home.build()} className="button">
          {t('notFound.home')}
        </Link>
        <Link to={paths.movies.build()} className="button button-secondary">
          {t('notFound.movies')}
        </Link>
      </div>
    </div>
  );
}
