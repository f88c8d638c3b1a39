import { Link } from '@/components/link';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useTranslate } from '@/lib/i18n';
import { useAppData } from '@/lib/app-data';
import { siteName } from '@/lib/site-name';
import styles from './not-found.module.css';

/** /500.html: where a page goes when the server failed it (SPEC.md section 2). */
export function ServerErrorRoute() {
  const t = useTranslate();
  const { data } = useAppData();
  return (
    <div className={`container page ${styles.notFound}`} data-testid="server-error">
      <PageTitle page={t('serverError.title')} site={siteName(data?.site)} />
      <p className={styles.code} aria-hidden="true">
        500
      </p>
      <h1 className={styles.title}>{t('serverError.title')}</h1>
      <p className={styles.text}>{t('serverError.text')}</p>
      <div className={styles.actions}>
        <Link to={paths.home.build()} className="button">
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  );
}
