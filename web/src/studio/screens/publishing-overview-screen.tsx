import { useId } from 'react';
import { Link, Navigate } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { useTranslate } from '@/state/i18n';
import type { PublishedStore } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { StudioFrame } from '../components/studio-frame';
import { maySeePublishing } from '../grants';
import { useMe } from '../hooks/use-me';
import { usePublishing } from '../hooks/use-publishing';
import { useSites } from '../hooks/use-sites';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { studioPaths } from '../paths';
import { refreshFailureText, storeNearlyFull, storeText } from '../publishing-overview-rules';
import { PublishingSitesTable } from './publishing-sites-table';
import styles from './publishing-overview-screen.module.css';

/**
 * `/publishing`: the deployment's publishing, for the operators (docs/studio.md#publishing-
 * of-the-deployment): the published store's use, and each site as the gateway that
 * answered publishes or serves it, the sites that need a look first, each with a way to
 * publish it again in full. Asked again every 15 seconds while open. Anyone else is told
 * that it is the operators' (the server refuses them too). Without a session it is the
 * start page's business (the sign-in screen). A chunk of its own (studio-app.tsx).
 */
export function PublishingOverviewScreen() {
  const t = useTranslate();
  const me = useMe();
  if (me.data === null) return <Navigate to={studioPaths.home.build()} replace />;
  return (
    <StudioFrame staff={me.data?.staff}>
      <PageTitle page={t('studio.publishingOverview.title')} site={t('studio.name')} />
      {me.data ? (
        <section className={styles.screen}>
          <h1 className="page-title">{t('studio.publishingOverview.title')}</h1>
          {maySeePublishing(me.data.grants) ? <DeploymentPublishing /> : <OperatorsOnly />}
        </section>
      ) : me.isError ? (
        <ServiceProblem error={me.error} retrying={me.isFetching} onRetry={() => void me.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </StudioFrame>
  );
}

/** The server refused the staff member: not an operator (any more). */
function isRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** What someone who is not an operator is shown here, with the way back to the start page. */
function OperatorsOnly() {
  const t = useTranslate();
  return (
    <div className={styles.refused} data-testid="studio-publishing-refused">
      <p>{t('studio.publishingOverview.operatorsOnly')}</p>
      <p>
        <Link to={studioPaths.home.build()}>{t('studio.publishingOverview.home')}</Link>
      </p>
    </div>
  );
}

/**
 * The store and the sites, once answered; the sites named as the list of sites names them
 * (by id until it has answered). An answer stays on screen when asking again fails, which
 * is said above it; a refusal (403: no longer an operator) says whose screen it is.
 */
function DeploymentPublishing() {
  const t = useTranslate();
  const publishing = usePublishing();
  const sites = useSites();
  useForgetSessionIfEnded(publishing.error);
  if (isRefused(publishing.error)) return <OperatorsOnly />;
  return (
    <>
      <p className={styles.intro}>{t('studio.publishingOverview.intro')}</p>
      {publishing.data ? (
        <>
          {/* In the page from the start, so that what it comes to say is announced. */}
          <p role="alert" className={styles.outcome}>
            {publishing.isError ? refreshFailureText(t, publishing.error) : ''}
          </p>
          <PublishedStoreSummary store={publishing.data.store} />
          <PublishingSitesTable sites={publishing.data.sites} known={sites.data} />
        </>
      ) : publishing.isError ? (
        <ServiceProblem level={2} error={publishing.error} retrying={publishing.isFetching} onRetry={() => void publishing.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </>
  );
}

/**
 * The published store in a sentence (connected with its use, unreachable, or off), and
 * while its use and limit are known, a meter of it; marked, and said, when it is nearly
 * full or does not answer.
 */
function PublishedStoreSummary({ store }: { store: PublishedStore }) {
  const t = useTranslate();
  const titleId = useId();
  const nearlyFull = storeNearlyFull(store);
  const attention = nearlyFull || store.status === 'unreachable';
  const limit = store.limitBytes;
  return (
    <section
      className={attention ? `${styles.store} ${styles.attention}` : styles.store}
      aria-labelledby={titleId}
      data-testid="studio-published-store"
    >
      <h2 id={titleId}>{t('studio.publishingOverview.store.title')}</h2>
      <p>{storeText(t, store)}</p>
      {store.status === 'connected' && store.bytes !== null && limit !== null && limit > 0 ? (
        <meter
          className={styles.meter}
          aria-label={t('studio.publishingOverview.store.meter')}
          min={0}
          max={limit}
          high={limit * 0.9}
          optimum={0}
          value={store.bytes}
        />
      ) : null}
      {nearlyFull ? <p className={styles.warning}>{t('studio.publishingOverview.store.nearlyFull')}</p> : null}
    </section>
  );
}
