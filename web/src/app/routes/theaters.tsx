import { PageTitle } from '@/components/page-title';
import { useTranslate } from '@/state/i18n';
import { useSelectedTheater } from '@/state/selected-theater';
import { useAppData } from '@/api/get-app-data';
import { siteName } from '@/rules/site-name';
import { TheaterCard } from '@/features/theaters/components/theater-card';
import { TheaterFinder } from '@/features/theaters/components/theater-finder';
import { useTheaterFinder } from '@/features/theaters/hooks/use-theater-finder';
import type { Theater } from '@/types/api';
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
      {content ? <TheaterList theaters={content.theaters ?? []} selectedTheaterId={selectedTheaterId} /> : fallback}
    </div>
  );
}

function TheaterList({ theaters, selectedTheaterId }: { theaters: Theater[]; selectedTheaterId: string | undefined }) {
  const { shown, distanceOf, finder } = useTheaterFinder(theaters);
  return (
    <>
      {theaters.length > 1 ? <TheaterFinder {...finder} /> : null}
      <ul className={styles.grid}>
        {shown.map((theater) => (
          <li key={theater.id}>
            <TheaterCard theater={theater} isSelected={theater.id === selectedTheaterId} distance={distanceOf(theater)} />
          </li>
        ))}
      </ul>
    </>
  );
}
