import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import type { Grant, Me, StudioSite } from '../api';
import { grantsOnSite, maySetSiteAddress, roleName, theaterList } from '../grants';
import { SiteAddressForm } from './site-address-form';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './site-screen.module.css';

/**
 * `/sites/{siteId}`: a site's page in the studio: its name, where the public reaches it,
 * its host names and the staff member's role on it; the way to its draft and its history,
 * and for its administrators and the operators, to its staff, its ingest keys and its
 * audit log; for the operators, the form of where it is served. A chunk of its own
 * (studio-app.tsx).
 */
export function SiteScreen() {
  return <SiteScreenFrame title={(site) => site.name}>{(site, me) => <SiteOverview site={site} me={me} />}</SiteScreenFrame>;
}

function SiteOverview({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const grants = grantsOnSite(me.grants, site.id);
  return (
    <section className={styles.site}>
      <h1 className="page-title">{site.name}</h1>
      <SiteNav site={site} grants={me.grants} />
      <dl className={styles.facts} data-testid="studio-site">
        <div className={styles.fact}>
          <dt>{t('studio.site.publicUrl')}</dt>
          <dd>
            <a href={site.publicUrl}>{site.publicUrl}</a>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('studio.site.hosts')}</dt>
          <dd>
            {site.hosts.length > 0 ? (
              <ul className={styles.hosts}>
                {site.hosts.map((host) => (
                  <li key={host}>{host}</li>
                ))}
              </ul>
            ) : (
              t('studio.site.noHosts')
            )}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('studio.site.id')}</dt>
          <dd>{site.id}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('studio.site.yourRole')}</dt>
          <dd>
            <ul className={styles.roles}>
              {grants.map((grant) => (
                <li key={`${grant.role}:${grant.siteId ?? '*'}`}>{grantText(t, grant)}</li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      {/* Keyed by the site: another site's page starts from that site's values. */}
      {maySetSiteAddress(me.grants) ? <SiteAddressForm key={site.id} site={site} /> : null}
    </section>
  );
}

/** "Operator, of every site", "Theater manager, of the theaters 201 and 202", "Editor". */
function grantText(t: Translate, grant: Grant): string {
  const role = roleName(t, grant.role);
  if (grant.siteId === null) return t('studio.site.role.everySite', { role });
  if (grant.theaterIds.length > 0) return t('studio.site.role.theaters', { role, theaters: theaterList(t.locale, grant.theaterIds) });
  return role;
}
