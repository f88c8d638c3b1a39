import { useParams } from 'react-router';
import { Spinner } from '@/components/spinner';
import { isNotFound } from '@/lib/api-client';
import { useTranslate } from '@/state/i18n';
import type { Me, StudioSite } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { useDraftTheater } from '../hooks/use-draft-theaters';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { studioPaths } from '../paths';
import { DraftRecordNotice, DraftRecordScreen } from './draft-record-screen';
import { PointOfSaleSection } from './point-of-sale-section';
import { SiteScreenFrame } from './site-screen-frame';
import { TheaterEditor } from './theater-editor';

/**
 * `/sites/{siteId}/theaters/{theaterId}`: one theater of the site as its draft describes it,
 * named as the point of sale names it, its descriptive fields in a form saved to the draft
 * (TheaterEditor), and below them, apart, its point of sale: its health, and its link,
 * which takes effect at once (PointOfSaleSection). Its administrators and the operators
 * change both, and the theater's managers; everyone else with a role on the site reads
 * them. A chunk of its own (studio-app.tsx).
 */
export function SiteTheaterScreen() {
  const t = useTranslate();
  const params = useParams();
  const siteId = params.siteId ?? '';
  const id = params.theaterId ?? '';
  // The theater as its screen below was answered it, for its name: asked for there alone.
  const name = useDraftTheater(siteId, id, false).data?.name?.trim();
  const title = (site: StudioSite) =>
    name ? t('studio.theater.title', { theater: name, site: site.name }) : t('studio.theater.title.id', { theater: id, site: site.name });
  return (
    <SiteScreenFrame title={title}>
      {/* Keyed by the site and the theater: another theater starts from its own fields. */}
      {(site, me) => <SiteTheater key={`${site.id}/${id}`} site={site} me={me} id={id} title={title(site)} />}
    </SiteScreenFrame>
  );
}

function SiteTheater({ site, me, id, title }: { site: StudioSite; me: Me; id: string; title: string }) {
  const t = useTranslate();
  const theater = useDraftTheater(site.id, id);
  useForgetSessionIfEnded(theater.error);
  // The theater as answered since the screen opened, never a copy cached from an earlier
  // visit: a save sends its fields whole, and would overwrite what was saved since.
  const fresh = theater.isFetchedAfterMount && theater.isSuccess ? theater.data : undefined;
  return (
    <DraftRecordScreen
      site={site}
      grants={me.grants}
      title={title}
      back={{ to: studioPaths.siteTheaters.build(site.id), text: t('studio.theater.back', { site: site.name }) }}
    >
      {isNotFound(theater.error) ? (
        <DraftRecordNotice text={t('studio.theater.notFound', { site: site.name, theater: id })} testId="studio-theater-not-found" />
      ) : fresh ? (
        <>
          <TheaterEditor site={site} theaterId={id} theater={fresh} grants={me.grants} />
          <PointOfSaleSection site={site} theaterId={id} theater={fresh.name?.trim() || id} grants={me.grants} />
        </>
      ) : theater.isError ? (
        <ServiceProblem level={2} error={theater.error} retrying={theater.isFetching} onRetry={() => void theater.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </DraftRecordScreen>
  );
}
