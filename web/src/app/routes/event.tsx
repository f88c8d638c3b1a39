import { PageTitle } from '@/components/page-title';
import { EventDetails } from '@/features/events/components/event-details';
import { useAppData } from '@/api/get-app-data';
import { siteName } from '@/rules/site-name';
import { NotFoundRoute } from './not-found';
import { useRoutePageData } from './route-page-data';

export function EventRoute() {
  const { data: appData } = useAppData();
  const { content, fallback } = useRoutePageData('event');
  const event = content?.event;
  if (!event) return fallback ?? <NotFoundRoute />;
  const theaterName = appData?.theaters.find((theater) => theater.id === event.theaterId)?.name;
  return (
    <>
      <PageTitle page={event.title} site={siteName(appData?.site)} />
      <EventDetails event={event} theaterName={theaterName} />
    </>
  );
}
