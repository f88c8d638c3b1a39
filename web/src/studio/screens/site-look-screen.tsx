import { Spinner } from '@/components/spinner';
import { isNotFound } from '@/lib/api-client';
import { useTranslate } from '@/state/i18n';
import type { Me, StudioSite } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { mayEditLook } from '../grants';
import { useDraftSite } from '../hooks/use-site-draft';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { LookEditor } from './look-editor';
import { SiteGone } from './site-gone';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './site-look-screen.module.css';

/**
 * `/sites/{siteId}/look`: the site's name, language, colours, fonts, corners and search as
 * its draft has them, with the site live beside them (LookEditor). Its editors,
 * administrators and the operators change them in the draft; everyone else with a role on
 * the site reads them. A chunk of its own (studio-app.tsx).
 */
export function SiteLookScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.look.title', { site: site.name })}>
      {/* Keyed by the site: another site's look starts from its own document, frame and outcome. */}
      {(site, me) => <SiteLook key={site.id} site={site} me={me} />}
    </SiteScreenFrame>
  );
}

function SiteLook({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const document = useDraftSite(site.id);
  useForgetSessionIfEnded(document.error);
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.look.title', { site: site.name })}</h1>
      <SiteNav site={site} grants={me.grants} />
      {isNotFound(document.error) ? (
        <SiteGone site={site} testId="studio-look-not-found" />
      ) : document.data ? (
        <>
          <p className={styles.intro}>{t('studio.look.intro', { site: site.name })}</p>
          <LookEditor site={site} document={document.data} edits={mayEditLook(me.grants, site.id)} />
        </>
      ) : document.isError ? (
        <ServiceProblem level={2} error={document.error} retrying={document.isFetching} onRetry={() => void document.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </section>
  );
}
