import { useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslate } from '@/state/i18n';
import type { Grant, Me } from '../api';
import { mayCreateSites, maySeePublishing, roleName, theaterList } from '../grants';
import { studioPaths } from '../paths';
import styles from './grants-overview.module.css';
import { NewSiteForm } from './new-site-form';
import { SitesOverview } from './sites-overview';

/**
 * Navigation state of the studio's start page right after a sign-in on it: its heading
 * takes the focus, which was on a sign-in button, gone now (the address is the same, so
 * PageTitle sees no move to another page).
 */
export type SignedInState = { signedIn: true };

/**
 * What the staff member may do: the sites they may open (and for an operator, the
 * deployment's publishing and a new site), and each grant's role and scope.
 */
export function GrantsOverview({ me }: { me: Me }) {
  const t = useTranslate();
  const rolesId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const signedIn = (useLocation().state as Partial<SignedInState> | null)?.signedIn === true;
  useEffect(() => {
    if (signedIn) heading.current?.focus();
  }, [signedIn]);
  return (
    <section className={styles.overview}>
      <h1 ref={heading} tabIndex={-1} className="page-title">
        {t('studio.home.title')}
      </h1>
      <p>{t('studio.home.signedInAs', { email: me.staff.email })}</p>
      {me.grants.length === 0 ? (
        <p>{t('studio.home.noGrants')}</p>
      ) : (
        <>
          <SitesOverview />
          {maySeePublishing(me.grants) ? <DeploymentOverview /> : null}
          {mayCreateSites(me.grants) ? <NewSiteForm /> : null}
          <section className={styles.roles} aria-labelledby={rolesId}>
            <h2 id={rolesId}>{t('studio.home.roles')}</h2>
            <ul className={styles.grants} data-testid="studio-grants">
              {me.grants.map((grant) => (
                <GrantItem key={`${grant.role}:${grant.siteId ?? '*'}:${grant.theaterIds.join(',')}`} grant={grant} />
              ))}
            </ul>
          </section>
        </>
      )}
    </section>
  );
}

/** An operator's way to the deployment's publishing: each site's, and the published store's use. */
function DeploymentOverview() {
  const t = useTranslate();
  const titleId = useId();
  return (
    <section className={styles.deployment} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.home.deployment')}</h2>
      <p className={styles.deploymentLink}>
        <Link to={studioPaths.publishingOverview.build()}>{t('studio.home.publishing')}</Link>
      </p>
      <p className={styles.hint}>{t('studio.home.publishing.hint')}</p>
    </section>
  );
}

function GrantItem({ grant }: { grant: Grant }) {
  const t = useTranslate();
  return (
    <li className={styles.grant}>
      <p className={styles.role}>{roleName(t, grant.role)}</p>
      <p>{grant.siteId === null ? t('studio.grant.everySite') : t('studio.grant.site', { site: grant.siteId })}</p>
      {grant.theaterIds.length > 0 ? (
        <p>{t('studio.grant.theaters', { theaters: theaterList(t.locale, grant.theaterIds) })}</p>
      ) : null}
    </li>
  );
}
