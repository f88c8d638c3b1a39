import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import type { Me, StaffGrant, StudioSite } from '../api';
import { RemovableItem, useRemovalConfirmation, type RemovalProps, type RemovalTexts } from '../components/removable-item';
import { ServiceProblem } from '../components/service-problem';
import { grantableRoles, mayManageStaff, roleName, theaterList } from '../grants';
import { useRemoveStaffAccess, useSiteStaff } from '../hooks/use-site-staff';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { InviteStaffForm } from './invite-staff-form';
import { PendingInvitations } from './pending-invitations';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './site-staff-screen.module.css';

/**
 * `/sites/{siteId}/staff`: who holds a grant on the site, each with a way to remove their
 * access (after a confirmation; their sessions end with it), the invitations not yet
 * accepted, and a form that invites someone. For the site's administrators and the
 * operators; anyone else is told so, and nothing is asked of the server. A chunk of its own
 * (studio-app.tsx).
 */
export function SiteStaffScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.staff.title', { site: site.name })}>
      {(site, me) => <SiteStaff site={site} me={me} />}
    </SiteScreenFrame>
  );
}

/** The server's refusal of the site's staff to this staff member: a grant without the permission (403), or none (404). */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 404);
}

function SiteStaff({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const manages = mayManageStaff(me.grants, site.id);
  const staff = useSiteStaff(site.id, manages);
  useForgetSessionIfEnded(staff.error);
  // Their grants say they may not, or the server does (the grants changed meanwhile).
  const refused = !manages || isRefusal(staff.error);
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.staff.title', { site: site.name })}</h1>
      <SiteNav site={site} grants={me.grants} />
      {refused ? (
        <p className={styles.refused} data-testid="studio-staff-refused">
          {t('studio.staff.forbidden', { site: site.name })}
        </p>
      ) : (
        <>
          <StaffList site={site} me={me} staff={staff} />
          <PendingInvitations site={site} />
          <InviteStaffForm site={site} roles={grantableRoles(me.grants, site.id)} />
        </>
      )}
    </section>
  );
}

/** What the confirmation says of a removal that failed. */
function removalFailureText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409) return t('studio.staff.remove.own');
    if (error.status === 503) return t('studio.staff.remove.unavailable');
    if (error.status < 500) return t('studio.staff.remove.refused', { message: error.message });
  }
  return t('studio.staff.remove.failed');
}

function StaffList({ site, me, staff }: { site: StudioSite; me: Me; staff: UseQueryResult<StaffGrant[]> }) {
  const t = useTranslate();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const remove = useRemoveStaffAccess(site.id);
  // Their item, which had the focus, is gone once removed: the list's heading takes it.
  const removal = useRemovalConfirmation(remove, (error) => removalFailureText(t, error), heading);

  const removed = remove.isSuccess ? t('studio.staff.removed', { name: remove.variables.name, site: site.name }) : '';
  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t('studio.staff.list.title')}
      </h2>
      {staff.data ? (
        staff.data.length === 0 ? (
          <p>{t('studio.staff.none')}</p>
        ) : (
          <ul className={styles.list} data-testid="studio-staff" aria-labelledby={titleId}>
            {staff.data.map((member) => (
              <StaffItem key={member.id} site={site} member={member} you={member.id === me.staff.id} {...removal(member)} />
            ))}
          </ul>
        )
      ) : staff.isError ? (
        <ServiceProblem level={2} error={staff.error} retrying={staff.isFetching} onRetry={() => void staff.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p role="status" className={styles.outcome}>
        {removed}
      </p>
    </section>
  );
}

type StaffItemProps = RemovalProps & {
  site: StudioSite;
  member: StaffGrant;
  /** The staff member signed in. */
  you: boolean;
};

/** One member of the staff, with the Remove access button, which asks first (RemovableItem). */
function StaffItem({ site, member, you, ...removal }: StaffItemProps) {
  const t = useTranslate();
  const texts: RemovalTexts = {
    remove: t('studio.staff.remove'),
    removeName: t('studio.staff.remove.name', { name: member.name }),
    question: t('studio.staff.remove.confirm', { name: member.name, site: site.name }),
    yes: t('studio.staff.remove.yes'),
    removing: t('studio.staff.removing'),
    no: t('studio.staff.remove.no'),
  };
  return (
    <RemovableItem name={you ? t('studio.staff.you', { name: member.name }) : member.name} texts={texts} {...removal}>
      <p>{member.email}</p>
      <p>{roleName(t, member.role)}</p>
      {member.theaterIds.length > 0 ? (
        <p>{t('studio.grant.theaters', { theaters: theaterList(t.locale, member.theaterIds) })}</p>
      ) : null}
    </RemovableItem>
  );
}
