import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import type { Me, StudioSite } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { StudioFrame } from '../components/studio-frame';
import { useMe } from '../hooks/use-me';
import { useSites } from '../hooks/use-sites';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { studioPaths } from '../paths';
import styles from './site-screen-frame.module.css';

type SiteScreenFrameProps = {
  /** The screen's title, of the site it is about. */
  title: (site: StudioSite) => string;
  /** The screen, once the staff member and the site are known. */
  children: (site: StudioSite, me: Me) => ReactNode;
};

/**
 * What every screen of a site (`/sites/{siteId}/...`) does first: who is signed in (without
 * a session, the start page's sign-in screen), and which of the sites they may see it is.
 * A site not among them is not found, whether it exists or not: sites are not enumerable
 * (DESIGN.md section 13).
 */
export function SiteScreenFrame({ title, children }: SiteScreenFrameProps) {
  const t = useTranslate();
  const siteId = useParams().siteId ?? '';
  const me = useMe();
  const sites = useSites();
  useForgetSessionIfEnded(sites.error);
  if (me.data === null) return <Navigate to={studioPaths.home.build()} replace />;
  const site = sites.data?.find((known) => known.id === siteId);
  const notFound = sites.data !== undefined && site === undefined;
  return (
    <StudioFrame staff={me.data?.staff} siteId={siteId}>
      <PageTitle page={site ? title(site) : notFound ? t('studio.site.notFound.title') : undefined} site={t('studio.name')} />
      {me.data && site ? (
        children(site, me.data)
      ) : notFound ? (
        <SiteNotFound />
      ) : me.isError || sites.isError ? (
        <ServiceProblem
          error={me.error ?? sites.error}
          retrying={me.isFetching || sites.isFetching}
          onRetry={() => {
            if (me.isError) void me.refetch();
            if (sites.isError) void sites.refetch();
          }}
        />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </StudioFrame>
  );
}

function SiteNotFound() {
  const t = useTranslate();
  return (
    <section className={styles.notFound}>
      <h1 className="page-title">{t('studio.site.notFound.title')}</h1>
      <p>{t('studio.site.notFound.text')}</p>
      <p>
        <Link to={studioPaths.home.build()}>{t('studio.site.notFound.home')}</Link>
      </p>
    </section>
  );
}
