import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import type { Invitation } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { StudioFrame } from '../components/studio-frame';
import { expiryTime } from '../expiry-time';
import { roleName, theaterList } from '../grants';
import { useInvitation } from '../hooks/use-invitation';
import { passkeysSupported } from '../passkeys';
import { AcceptInvitationForm } from './accept-invitation-form';
import styles from './invitation-screen.module.css';

/**
 * `/invitation?token=...`, the link an invitation is sent as: what it offers, and the form
 * that accepts it (with a passkey, or without one where the invitation allows it), which
 * signs the new staff member in.
 */
export function InvitationScreen() {
  const t = useTranslate();
  const token = useSearchParams()[0].get('token') ?? '';
  const invitation = useInvitation(token);
  return (
    <StudioFrame>
      <PageTitle page={t('studio.invitation.title')} site={t('studio.name')} />
      {token === '' || invitation.data === null ? (
        <UnusableInvitation />
      ) : invitation.data ? (
        <InvitationOffer invitation={invitation.data} token={token} />
      ) : invitation.isError ? (
        <ServiceProblem error={invitation.error} retrying={invitation.isFetching} onRetry={() => void invitation.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </StudioFrame>
  );
}

function UnusableInvitation() {
  const t = useTranslate();
  return (
    <section className={styles.invitation}>
      <h1 className="page-title">{t('studio.invitation.unusable.title')}</h1>
      <p>{t('studio.invitation.unusable')}</p>
    </section>
  );
}

function InvitationOffer({ invitation, token }: { invitation: Invitation; token: string }) {
  const t = useTranslate();
  const role = roleName(t, invitation.role, 'sentence');
  const expires = expiryTime(t.locale, invitation.expiresAt);
  return (
    <section className={styles.invitation}>
      <h1 className="page-title">{t('studio.invitation.title')}</h1>
      <div className={styles.offer} data-testid="studio-invitation-offer">
        <p className={styles.lead}>
          {invitation.siteId === null
            ? t('studio.invitation.offer.everySite', { role })
            : t('studio.invitation.offer.site', { role, site: invitation.siteId })}
        </p>
        {invitation.theaterIds.length > 0 ? (
          <p>{t('studio.invitation.theaters', { theaters: theaterList(t.locale, invitation.theaterIds) })}</p>
        ) : null}
        {invitation.email ? <p>{t('studio.invitation.for', { email: invitation.email })}</p> : null}
        {expires ? (
          <p>
            <time dateTime={invitation.expiresAt}>{t('studio.invitation.expires', { time: expires })}</time>
          </p>
        ) : null}
      </div>
      <Acceptance invitation={invitation} token={token} />
    </section>
  );
}

/**
 * How the invitation may be accepted: with a passkey where the browser can make one, and
 * without where the invitation allows it; an invitation that needs a passkey, in a browser
 * that cannot make one, offers no form but says where it can be accepted.
 */
function Acceptance({ invitation, token }: { invitation: Invitation; token: string }) {
  const t = useTranslate();
  const withPasskey = passkeysSupported();
  const withoutPasskey = invitation.acceptWithoutPasskey;
  if (!withPasskey && !withoutPasskey) return <p className={styles.notice}>{t('studio.invitation.passkey.unsupportedRequired')}</p>;
  return (
    <>
      {withPasskey ? null : <p className={styles.notice}>{t('studio.invitation.passkey.unsupported')}</p>}
      <AcceptInvitationForm
        token={token}
        askEmail={invitation.email === null}
        withPasskey={withPasskey}
        withoutPasskey={withoutPasskey}
      />
    </>
  );
}
