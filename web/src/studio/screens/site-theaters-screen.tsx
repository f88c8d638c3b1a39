import { Spinner } from '@/components/spinner';
import { isNotFound } from '@/lib/api-client';
import { useTranslate } from '@/state/i18n';
import type { Me, StudioSite } from '../api';
import { DraftRecordList } from '../components/draft-record-list';
import { ServiceProblem } from '../components/service-problem';
import { describedTheaters } from '../grants';
import { useDraftTheaters } from '../hooks/use-draft-theaters';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { studioPaths } from '../paths';
import { draftTheaterStateName } from '../theater-rules';
import { SiteGone } from './site-gone';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './draft-records-screen.module.css';

/**
 * `/sites/{siteId}/theaters`: the site's theaters as its draft describes them, each with its
 * id and where it stands (published, or changed in the draft), and the way to each one's
 * screen. The point of sale adds and removes theaters: the studio describes them. Its
 * administrators and the operators change every theater's details, a theater manager
 * those of their own theaters (each marked as theirs); everyone else with a role on the
 * site reads them. A chunk of its own (studio-app.tsx).
 */
export function SiteTheatersScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.theaters.title', { site: site.name })}>
      {(site, me) => <SiteTheaters key={site.id} site={site} me={me} />}
    </SiteScreenFrame>
  );
}

function SiteTheaters({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const theaters = useDraftTheaters(site.id);
  useForgetSessionIfEnded(theaters.error);
  const described = describedTheaters(me.grants, site.id);
  /** A theater manager's own theaters, told apart in the list; none for those who describe every theater, or none. */
  const managed = described === 'every' ? [] : described;
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.theaters.title', { site: site.name })}</h1>
      <SiteNav site={site} grants={me.grants} />
      {isNotFound(theaters.error) ? (
        <SiteGone site={site} testId="studio-theaters-not-found" />
      ) : theaters.data ? (
        <>
          <p className={styles.intro}>{t('studio.theaters.intro', { site: site.name })}</p>
          {described === 'every' ? null : (
            <p className={styles.readOnly} data-testid="studio-theaters-read-only">
              {t(managed.length > 0 ? 'studio.theaters.managed' : 'studio.theaters.readOnly')}
            </p>
          )}
          <DraftRecordList
            label={t('studio.theaters.caption', { site: site.name })}
            none={t('studio.theaters.none', { site: site.name })}
            testIds={{ list: 'studio-theaters', item: 'studio-theater-item', none: 'studio-theaters-none' }}
            items={theaters.data.map((theater) => ({
              key: theater.id,
              title: theater.name.trim() || theater.id,
              to: studioPaths.siteTheater.build(site.id, theater.id),
              fact: t(managed.includes(theater.id) ? 'studio.theaters.id.managed' : 'studio.theaters.id', { id: theater.id }),
              state: theater.state,
              stateName: draftTheaterStateName(t, theater.state),
            }))}
          />
        </>
      ) : theaters.isError ? (
        <ServiceProblem level={2} error={theaters.error} retrying={theaters.isFetching} onRetry={() => void theaters.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </section>
  );
}
