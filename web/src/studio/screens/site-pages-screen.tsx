import { Link, useLocation } from 'react-router';
import { Spinner } from '@/components/spinner';
import { isNotFound } from '@/lib/api-client';
import { useTranslate } from '@/state/i18n';
import type { Me, StudioSite } from '../api';
import { DraftRecordList } from '../components/draft-record-list';
import { ServiceProblem } from '../components/service-problem';
import { mayEditContent } from '../grants';
import { useDraftPages } from '../hooks/use-draft-pages';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { draftPageStateName, pageAddress } from '../page-rules';
import { studioPaths } from '../paths';
import { SiteGone } from './site-gone';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './draft-records-screen.module.css';

/** What the page screen hands the list when it removed a page: its title, said above the list. */
export type PagesScreenState = { removed?: string };

/**
 * `/sites/{siteId}/pages`: the site's content pages as its draft has them, in the site's
 * order, each with its address and where it stands (published, or added, changed or
 * removed in the draft), and the way to each one's screen. Its editors, administrators and
 * the operators add pages; everyone else with a role on the site reads them. A chunk of
 * its own (studio-app.tsx).
 */
export function SitePagesScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.pages.title', { site: site.name })}>
      {(site, me) => <SitePages key={site.id} site={site} me={me} />}
    </SiteScreenFrame>
  );
}

function SitePages({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const pages = useDraftPages(site.id);
  useForgetSessionIfEnded(pages.error);
  const edits = mayEditContent(me.grants, site.id);
  const removed = (useLocation().state as PagesScreenState | null)?.removed;
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.pages.title', { site: site.name })}</h1>
      <SiteNav site={site} grants={me.grants} />
      {isNotFound(pages.error) ? (
        <SiteGone site={site} testId="studio-pages-not-found" />
      ) : pages.data ? (
        <>
          <p className={styles.intro}>{t('studio.pages.intro', { site: site.name })}</p>
          {removed ? (
            <p role="status" className={styles.outcome} data-testid="studio-pages-outcome">
              {t('studio.pages.removed', { page: removed })}
            </p>
          ) : null}
          {edits ? (
            <p>
              <Link className="button" to={studioPaths.siteNewPage.build(site.id)}>
                {t('studio.pages.new')}
              </Link>
            </p>
          ) : (
            <p className={styles.readOnly} data-testid="studio-pages-read-only">
              {t('studio.pages.readOnly')}
            </p>
          )}
          {/* Each page: its title (the way to its screen, but for a page the draft removes), its address and where it stands. */}
          <DraftRecordList
            label={t('studio.pages.caption', { site: site.name })}
            none={t('studio.pages.none', { site: site.name })}
            testIds={{ list: 'studio-pages', item: 'studio-page-item', none: 'studio-pages-none' }}
            items={pages.data.map((page) => ({
              key: page.slug,
              title: page.title.trim() || t('studio.pages.untitled'),
              to: studioPaths.sitePage.build(site.id, page.slug),
              fact: t('studio.pages.address', { address: pageAddress(page.slug) }),
              state: page.state,
              stateName: draftPageStateName(t, page.state),
            }))}
          />
        </>
      ) : pages.isError ? (
        <ServiceProblem level={2} error={pages.error} retrying={pages.isFetching} onRetry={() => void pages.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </section>
  );
}
