import { useParams } from 'react-router';
import { Spinner } from '@/components/spinner';
import { isNotFound } from '@/lib/api-client';
import { useTranslate } from '@/state/i18n';
import type { Me, StudioSite } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { mayEditContent } from '../grants';
import { useDraftPage } from '../hooks/use-draft-pages';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { pageAddress } from '../page-rules';
import { studioPaths } from '../paths';
import { DraftRecordNotice, DraftRecordScreen } from './draft-record-screen';
import { PageEditor } from './page-editor';
import { SiteScreenFrame } from './site-screen-frame';

/**
 * `/sites/{siteId}/pages/{slug}`: one content page of the site as its draft has it, in a
 * form and the block editor (PageEditor), saved to the draft, previewed, removed. Its
 * editors, administrators and the operators change it; everyone else with a role on the
 * site reads it. A chunk of its own (studio-app.tsx), which loads the editor's (Lexical)
 * once it is open.
 */
export function SitePageScreen() {
  const t = useTranslate();
  const slug = useParams().slug ?? '';
  return (
    <SiteScreenFrame title={(site) => t('studio.page.title', { page: slug, site: site.name })}>
      {/* Keyed by the site and the page: another page starts from its own fields and body. */}
      {(site, me) => <SitePage key={`${site.id}/${slug}`} site={site} me={me} slug={slug} />}
    </SiteScreenFrame>
  );
}

/** `/sites/{siteId}/new-page`: a new content page, its address still to choose, for those who edit pages. */
export function SiteNewPageScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.page.new.title', { site: site.name })}>
      {(site, me) => <SiteNewPage key={site.id} site={site} me={me} />}
    </SiteScreenFrame>
  );
}

function SitePage({ site, me, slug }: { site: StudioSite; me: Me; slug: string }) {
  const t = useTranslate();
  const page = useDraftPage(site.id, slug);
  useForgetSessionIfEnded(page.error);
  // The page as answered since the screen opened, never a copy cached from an earlier
  // visit: a save sends the page whole, and would overwrite what was saved since.
  const fresh = page.isFetchedAfterMount && page.isSuccess ? page.data : undefined;
  return (
    <DraftRecordScreen
      site={site}
      grants={me.grants}
      title={t('studio.page.title', { page: slug, site: site.name })}
      back={{ to: studioPaths.sitePages.build(site.id), text: t('studio.page.back', { site: site.name }) }}
    >
      {isNotFound(page.error) ? (
        <DraftRecordNotice text={t('studio.page.notFound', { site: site.name, address: pageAddress(slug) })} testId="studio-page-not-found" />
      ) : fresh ? (
        <PageEditor site={site} page={fresh} edits={mayEditContent(me.grants, site.id)} />
      ) : page.isError ? (
        <ServiceProblem level={2} error={page.error} retrying={page.isFetching} onRetry={() => void page.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </DraftRecordScreen>
  );
}

function SiteNewPage({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const edits = mayEditContent(me.grants, site.id);
  return (
    <DraftRecordScreen
      site={site}
      grants={me.grants}
      title={t('studio.page.new.title', { site: site.name })}
      back={{ to: studioPaths.sitePages.build(site.id), text: t('studio.page.back', { site: site.name }) }}
    >
      {edits ? (
        <PageEditor site={site} page={undefined} edits />
      ) : (
        <DraftRecordNotice text={t('studio.page.new.forbidden', { site: site.name })} testId="studio-page-refused" />
      )}
    </DraftRecordScreen>
  );
}
