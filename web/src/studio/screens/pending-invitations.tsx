import { useId } from 'react';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import type { PendingInvitation, StudioSite } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { expiryTime } from '../expiry-time';
import { roleName, theaterList } from '../grants';
import { usePendingInvitations } from '../hooks/use-site-invitations';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import styles from './pending-invitations.module.css';

/** The site's invitations neither accepted nor expired yet, newest first: to whom, as what, until when. */
export function PendingInvitations({ site }: { site: StudioSite }) {
  const t = useTranslate();
  const titleId = useId();
  const invitations = usePendingInvitations(site.id);
  useForgetSessionIfEnded(invitations.error);
  return (
    <section className={styles.pending} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.invitations.title')}</h2>
      {invitations.data ? (
        invitations.data.length === 0 ? (
          <p>{t('studio.invitations.none')}</p>
        ) : (
          <ul className={styles.list} data-testid="studio-pending-invitations" aria-labelledby={titleId}>
            {invitations.data.map((invitation) => (
              <InvitationItem key={`${invitation.email}:${invitation.expiresAt}`} invitation={invitation} />
            ))}
          </ul>
        )
      ) : invitations.isError ? (
        <ServiceProblem level={2} error={invitations.error} retrying={invitations.isFetching} onRetry={() => void invitations.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </section>
  );
}

function InvitationItem({ invitation }: { invitation: PendingInvitation }) {
  const t = useTranslate();
  const expires = expiryTime(t.locale, invitation.expiresAt);
  return (
    <li className={styles.invitation}>
      <p className={styles.email}>{invitation.email}</p>
      <p>{roleName(t, invitation.role)}</p>
      {invitation.theaterIds.length > 0 ? (
        <p>{t('studio.grant.theaters', { theaters: theaterList(t.locale, invitation.theaterIds) })}</p>
      ) : null}
      {expires ? (
        <p>
          <time dateTime={invitation.expiresAt}>{t('studio.invitations.expires', { time: expires })}</time>
        </p>
      ) : null}
    </li>
  );
}
