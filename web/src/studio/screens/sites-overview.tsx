import { useId } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import type { StudioSite } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { useSites } from '../hooks/use-sites';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { studioPaths } from '../paths';
import styles from './sites-overview.module.css';

/**
 * The start page's site switcher: the sites the staff member may see (an operator: every
 * site), each leading to its studio page, with where the public reaches it. One site is
 * listed too: it is the way to its page.
 */
export function SitesOverview() {
  const t = useTranslate();
  const titleId = useId();
  const sites = useSites();
  useForgetSessionIfEnded(sites.error);
  return (
    <section className={styles.overview} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.sites.title')}</h2>
      {sites.data ? (
        sites.data.length === 0 ? (
          <p>{t('studio.sites.none')}</p>
        ) : (
          <ul className={styles.sites} data-testid="studio-sites">
            {sites.data.map((site) => (
              <SiteItem key={site.id} site={site} />
            ))}
          </ul>
        )
      ) : sites.isError ? (
        <ServiceProblem level={2} error={sites.error} retrying={sites.isFetching} onRetry={() => void sites.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </section>
  );
}

function SiteItem({ site }: { site: StudioSite }) {
  const t = useTranslate();
  return (
    <li className={styles.site}>
      <h3 className={styles.name}>
        <Link to={studioPaths.site.build(site.id)}>{site.name}</Link>
      </h3>
      <p>
        {t('studio.sites.publicUrl')} <a href={site.publicUrl}>{site.publicUrl}</a>
      </p>
      <p className={styles.hosts}>
        {site.hosts.length > 0 ? t('studio.sites.hosts', { hosts: site.hosts.join(', ') }) : t('studio.sites.noHosts')}
      </p>
    </li>
  );
}
