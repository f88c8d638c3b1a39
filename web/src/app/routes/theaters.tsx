import { PageTitle } from '@/components/page-title';
import { useTranslate } from '@/lib/i18n';
import { useSelectedTheater } from '@/lib/selected-theater';
import { useAppData } from '@/features/site/api/get-app-data';
import { siteName } from '@/features/site/utils/site-name';
import { TheaterCard } from '@/features/theaters/components/theater-card';
import { useRoutePageData } from './route-page-data';
import styles from './theaters.module.css';

export function TheaterListRoute() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const { selectedTheaterId } = useSelectedTheater();
  const { content, fallback } = useRoutePageData('theaterList');
  return (
    <div className="container page">
      <PageTitle page={t('theaters.title')} site={siteName(appData?.site)} />
      <h1 className="page-title">{t('theaters.title')}</h1>
      {content ? (
        <ul className={styles.grid}>
          {(content.theaters ?? []).map((theater) => (
            <li key={theater.id}>
              <TheaterCard theater={theater} isSelected={theater.id === selectedTheaterId} />
            </li>
          ))}
        </ul>
      ) : (
        fallback
      )}
    </div>
  );
}
