import { useRef } from 'react';
import { Navigate } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { dateTimeFormat } from '@/rules/date-time-format';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import type { Passkey } from '../api';
import { RemovableItem, useRemovalConfirmation, type RemovalProps, type RemovalTexts } from '../components/removable-item';
import { ServiceProblem } from '../components/service-problem';
import { StudioFrame } from '../components/studio-frame';
import { useMe } from '../hooks/use-me';
import { usePasskeys, useRemovePasskey } from '../hooks/use-passkeys';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { studioPaths } from '../paths';
import { AddPasskeyForm } from './add-passkey-form';
import styles from './passkeys-screen.module.css';

/**
 * `/passkeys`: the signed-in staff member's passkeys, each with when it was added and last
 * used and a way to remove it (after a confirmation), and a form that adds one. Without a
 * session it is the start page's business (the sign-in screen). A chunk of its own
 * (studio-app.tsx): the studio's first screen does not load it.
 */
export function PasskeysScreen() {
  const t = useTranslate();
  const me = useMe();
  if (me.data === null) return <Navigate to={studioPaths.home.build()} replace />;
  return (
    <StudioFrame staff={me.data?.staff}>
      <PageTitle page={t('studio.passkeys.title')} site={t('studio.name')} />
      {me.data ? (
        <StaffPasskeys />
      ) : me.isError ? (
        <ServiceProblem error={me.error} retrying={me.isFetching} onRetry={() => void me.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </StudioFrame>
  );
}

const TIME_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** "Dec 3, 2026, 2:00 PM" in the staff member's language and time zone; the text as given for no time. */
function passkeyTime(locale: string, at: string): string {
  const time = new Date(at);
  return Number.isNaN(time.getTime()) ? at : dateTimeFormat(locale, TIME_FORMAT).format(time);
}

/** The name a passkey goes by: its label, or a word for one without. */
export function passkeyName(t: Translate, passkey: Pick<Passkey, 'label'>): string {
  return passkey.label.trim() || t('studio.passkeys.unnamed');
}

/** What the confirmation says of a removal that failed. */
function removalFailureText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409) return t('studio.passkeys.remove.last');
    if (error.status === 503) return t('studio.passkeys.remove.unavailable');
    if (error.status < 500) return t('studio.passkeys.remove.refused', { message: error.message });
  }
  return t('studio.passkeys.remove.failed');
}

function StaffPasskeys() {
  const t = useTranslate();
  const heading = useRef<HTMLHeadingElement>(null);
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  // Its item, which had the focus, is gone once removed: the screen's heading takes it.
  const removal = useRemovalConfirmation(remove, (error) => removalFailureText(t, error), heading);

  // A session that ended meanwhile: the studio forgets it, and the start page asks to sign in.
  useForgetSessionIfEnded(passkeys.error);

  const removed = remove.isSuccess ? t('studio.passkeys.removed', { label: passkeyName(t, remove.variables) }) : '';
  return (
    <section className={styles.passkeys}>
      <h1 ref={heading} tabIndex={-1} className="page-title">
        {t('studio.passkeys.title')}
      </h1>
      <p>{t('studio.passkeys.intro')}</p>
      {passkeys.data ? (
        passkeys.data.length === 0 ? (
          <p>{t('studio.passkeys.none')}</p>
        ) : (
          <ul className={styles.list} data-testid="studio-passkeys" aria-label={t('studio.passkeys.title')}>
            {passkeys.data.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} {...removal(passkey)} />
            ))}
          </ul>
        )
      ) : passkeys.isError ? (
        <ServiceProblem error={passkeys.error} retrying={passkeys.isFetching} onRetry={() => void passkeys.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p role="status" className={styles.outcome}>
        {removed}
      </p>
      <AddPasskeyForm />
    </section>
  );
}

type PasskeyItemProps = RemovalProps & { passkey: Passkey };

/** One passkey, with when it was added and last used, and its Remove button, which asks first (RemovableItem). */
function PasskeyItem({ passkey, ...removal }: PasskeyItemProps) {
  const t = useTranslate();
  const name = passkeyName(t, passkey);
  const texts: RemovalTexts = {
    remove: t('studio.passkeys.remove'),
    removeName: t('studio.passkeys.remove.name', { label: name }),
    question: t('studio.passkeys.remove.confirm', { label: name }),
    yes: t('studio.passkeys.remove.yes'),
    removing: t('studio.passkeys.removing'),
    no: t('studio.passkeys.remove.no'),
  };
  return (
    <RemovableItem name={name} texts={texts} {...removal}>
      <p>
        <time dateTime={passkey.createdAt}>{t('studio.passkeys.added', { time: passkeyTime(t.locale, passkey.createdAt) })}</time>
      </p>
      <p>
        {passkey.lastUsedAt ? (
          <time dateTime={passkey.lastUsedAt}>{t('studio.passkeys.lastUsed', { time: passkeyTime(t.locale, passkey.lastUsedAt) })}</time>
        ) : (
          t('studio.passkeys.neverUsed')
        )}
      </p>
    </RemovableItem>
  );
}
