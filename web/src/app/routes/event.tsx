import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { segmentNames } from '@/config/paths';
import { useTranslate } from '@/lib/i18n';
import { useEvents } from '@/features/events/api/get-events';
import { EventDetails } from '@/features/events/components/event-details';
import { useAppData } from '@/features/site/api/get-app-data';
import { siteName } from '@/features/site/utils/site-name';
import { PageLoadFailure } from '../page-load-failure';
import { NotFoundRoute } from './not-found';

export function EventRoute() {
  const t = useTranslate();
  const { eventSegment = '' } = useParams();
  const { data: appData } = useAppData();
  const events = useEvents();
  if (events.isPending) return <Spinner label={t('status.loading')} />;
  if (events.isError) {
    return (
      <PageLoadFailure error={events.error} />
    );
  }
  const event = events.data.find((candidate) => segmentNames(eventSegment, candidate.id));
  if (!event) return <NotFoundRoute />;
  const theaterName = appData?.theaters?.find((theater) => theater.id === event.theaterId)?.name;
  return (
    <>
      <PageTitle page={event.title} site={siteName(appData?.site)} />
      <EventDetails event={event} theaterName={theaterName} />
    </>
  );
}
