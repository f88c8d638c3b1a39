import { Link, useParams } from 'react-router';
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
import { PageEditor } from './page-editor';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './site-page-screen.module.css';

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

function BackToPages({ site }: { site: StudioSite }) {
  const t = useTranslate();
  return (
    <p>
      <Link to={studioPaths.sitePages.build(site.id)}>{t('studio.page.back', { site: site.name })}</Link>
    </p>
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
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.page.title', { page: slug, site: site.name })}</h1>
      <SiteNav site={site} grants={me.grants} />
      <BackToPages site={site} />
      {isNotFound(page.error) ? (
        <p className={styles.notFound} data-testid="studio-page-not-found">
          {t('studio.page.notFound', { site: site.name, address: pageAddress(slug) })}
        </p>
      ) : fresh ? (
        <PageEditor site={site} page={fresh} edits={mayEditContent(me.grants, site.id)} />
      ) : page.isError ? (
        <ServiceProblem level={2} error={page.error} retrying={page.isFetching} onRetry={() => void page.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </section>
  );
}

function SiteNewPage({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const edits = mayEditContent(me.grants, site.id);
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.page.new.title', { site: site.name })}</h1>
      <SiteNav site={site} grants={me.grants} />
      <BackToPages site={site} />
      {edits ? (
        <PageEditor site={site} page={undefined} edits />
      ) : (
        <p className={styles.notFound} data-testid="studio-page-refused">
          {t('studio.page.new.forbidden', { site: site.name })}
        </p>
      )}
    </section>
  );
}
