import { CardGrid } from '@/components/card-grid';
import { PageTitle } from '@/components/page-title';
import { useTranslate } from '@/state/i18n';
import { EventCard } from '@/features/events/components/event-card';
import { useAppData } from '@/api/get-app-data';
import { siteName } from '@/rules/site-name';
import { useRoutePageData } from './route-page-data';

export function EventListRoute() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const { content, fallback } = useRoutePageData('eventList');
  const events = content?.events ?? [];
  const theaters = appData?.theaters ?? [];
  const theaterName = (id: string | undefined) => theaters.find((theater) => theater.id === id)?.name;
  return (
    <div className="container page">
      <PageTitle page={t('events.title')} site={siteName(appData?.site)} />
      <h1 className="page-title">{t('events.title')}</h1>
      {!content ? (
        fallback
      ) : events.length === 0 ? (
        <p>{t('events.empty')}</p>
      ) : (
        <CardGrid>
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} theaterName={theaterName(event.theaterId)} heading="h2" />
            </li>
          ))}
        </CardGrid>
      )}
    </div>
  );
}
