import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { Spinner } from '@/components/spinner';
import { ApiError, isNotFound } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import type { IngestKey, Me, StudioSite } from '../api';
import { RemovableItem, useRemovalConfirmation, type RemovalProps, type RemovalTexts } from '../components/removable-item';
import { ServiceProblem } from '../components/service-problem';
import { mayManageKeys } from '../grants';
import { useIngestKeys, useRevokeIngestKey } from '../hooks/use-ingest-keys';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { changeTime } from '../publishing-rules';
import { NewIngestKey } from './new-ingest-key';
import { SiteGone } from './site-gone';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './site-ingest-keys-screen.module.css';

/**
 * `/sites/{siteId}/ingest-keys`: the keys with which the site's point of sale writes its
 * schedule through the ingest API (docs/ingest.md), each with a way to revoke it (after a
 * confirmation), and a form that makes one, whose text is shown once. For the site's
 * administrators and the operators; anyone else is told so, and nothing is asked of the
 * server. A chunk of its own (studio-app.tsx).
 */
export function SiteIngestKeysScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.ingestKeys.title', { site: site.name })}>
      {/* Keyed by the site: a key just made is never shown on another site's screen. */}
      {(site, me) => <SiteIngestKeys key={site.id} site={site} me={me} />}
    </SiteScreenFrame>
  );
}

function SiteIngestKeys({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const manages = mayManageKeys(me.grants, site.id);
  const keys = useIngestKeys(site.id, manages);
  useForgetSessionIfEnded(keys.error);
  // Their grants say they may not, or the server does (the grants changed meanwhile).
  const refused = !manages || (keys.error instanceof ApiError && keys.error.status === 403);
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.ingestKeys.title', { site: site.name })}</h1>
      <SiteNav site={site} grants={me.grants} />
      {refused ? (
        <p className={styles.refused} data-testid="studio-ingest-keys-refused">
          {t('studio.ingestKeys.forbidden', { site: site.name })}
        </p>
      ) : isNotFound(keys.error) ? (
        <SiteGone site={site} testId="studio-ingest-keys-not-found" />
      ) : (
        <>
          <p className={styles.intro}>{t('studio.ingestKeys.intro', { site: site.name })}</p>
          <KeyList site={site} keys={keys} />
          <NewIngestKey site={site} />
        </>
      )}
    </section>
  );
}

/** What the confirmation says of a revocation that failed. */
function revocationFailureText(t: Translate, error: unknown, site: StudioSite): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('studio.ingestKeys.revoke.forbidden', { site: site.name });
    if (error.status === 503) return t('studio.ingestKeys.revoke.unavailable');
    if (error.status < 500) return t('studio.ingestKeys.revoke.refused', { message: error.message });
  }
  return t('studio.ingestKeys.revoke.failed');
}

function KeyList({ site, keys }: { site: StudioSite; keys: UseQueryResult<IngestKey[]> }) {
  const t = useTranslate();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const revoke = useRevokeIngestKey(site.id);
  // Its item, which had the focus, is gone once revoked: the list's heading takes it.
  const revocation = useRemovalConfirmation(revoke, (error) => revocationFailureText(t, error, site), heading);

  const revoked = revoke.isSuccess ? t('studio.ingestKeys.revoked', { label: revoke.variables.label }) : '';
  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t('studio.ingestKeys.list.title')}
      </h2>
      {keys.data ? (
        keys.data.length === 0 ? (
          <p>{t('studio.ingestKeys.none')}</p>
        ) : (
          <ul className={styles.list} data-testid="studio-ingest-keys" aria-labelledby={titleId}>
            {keys.data.map((ingestKey) => (
              <KeyItem key={ingestKey.id} ingestKey={ingestKey} {...revocation(ingestKey)} />
            ))}
          </ul>
        )
      ) : keys.isError ? (
        <ServiceProblem level={2} error={keys.error} retrying={keys.isFetching} onRetry={() => void keys.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p role="status" className={styles.outcome}>
        {revoked}
      </p>
    </section>
  );
}

type KeyItemProps = RemovalProps & { ingestKey: IngestKey };

/** One key in use: its label, when it was made and its id (never its text), with the Revoke button, which asks first (RemovableItem). */
function KeyItem({ ingestKey, ...revocation }: KeyItemProps) {
  const t = useTranslate();
  const texts: RemovalTexts = {
    remove: t('studio.ingestKeys.revoke'),
    removeName: t('studio.ingestKeys.revoke.name', { label: ingestKey.label, id: ingestKey.id }),
    question: t('studio.ingestKeys.revoke.confirm', { label: ingestKey.label }),
    yes: t('studio.ingestKeys.revoke.yes'),
    removing: t('studio.ingestKeys.revoking'),
    no: t('studio.ingestKeys.revoke.no'),
  };
  return (
    <RemovableItem name={ingestKey.label} texts={texts} {...revocation}>
      <p>
        <time dateTime={ingestKey.createdAt}>{t('studio.ingestKeys.made', { time: changeTime(t.locale, ingestKey.createdAt) })}</time>
      </p>
      <p className={styles.id}>{t('studio.ingestKeys.id', { id: ingestKey.id })}</p>
    </RemovableItem>
  );
}
