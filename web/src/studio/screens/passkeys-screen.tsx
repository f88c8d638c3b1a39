import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { dateTimeFormat } from '@/rules/date-time-format';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import type { Passkey } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { StudioFrame } from '../components/studio-frame';
import { useMe } from '../hooks/use-me';
import { usePasskeys, useRemovePasskey } from '../hooks/use-passkeys';
import { forgetSessionIfEnded } from '../hooks/studio-session';
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
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  /** The passkey whose removal is being confirmed. */
  const [confirming, setConfirming] = useState<string | null>(null);

  // A session that ended meanwhile: the studio forgets it, and the start page asks to sign in.
  useEffect(() => forgetSessionIfEnded(queryClient, passkeys.error), [queryClient, passkeys.error]);

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
              <PasskeyItem
                key={passkey.id}
                passkey={passkey}
                confirming={confirming === passkey.id}
                removing={remove.isPending && remove.variables.id === passkey.id}
                failure={remove.isError && remove.variables.id === passkey.id ? removalFailureText(t, remove.error) : ''}
                onAsk={() => {
                  remove.reset();
                  setConfirming(passkey.id);
                }}
                onKeep={() => {
                  remove.reset();
                  setConfirming(null);
                }}
                onRemove={() => {
                  if (remove.isPending) return;
                  remove.mutate(passkey, {
                    onSuccess: () => {
                      setConfirming(null);
                      // Its item, which had the focus, is gone: the screen's heading takes it.
                      heading.current?.focus();
                    },
                  });
                }}
              />
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

type PasskeyItemProps = {
  passkey: Passkey;
  /** Its removal is being confirmed. */
  confirming: boolean;
  removing: boolean;
  /** What went wrong with its removal, or ''. */
  failure: string;
  onAsk: () => void;
  onKeep: () => void;
  onRemove: () => void;
};

/**
 * One passkey, with its Remove button, which asks first: the question takes the focus,
 * and keeping the passkey gives it back to the button.
 */
function PasskeyItem({ passkey, confirming, removing, failure, onAsk, onKeep, onRemove }: PasskeyItemProps) {
  const t = useTranslate();
  const name = passkeyName(t, passkey);
  const removeButton = useRef<HTMLButtonElement>(null);
  const question = useRef<HTMLParagraphElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) question.current?.focus();
    else if (asked.current) removeButton.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  return (
    <li className={styles.passkey}>
      <div className={styles.details}>
        <p className={styles.name}>{name}</p>
        <p>
          <time dateTime={passkey.createdAt}>{t('studio.passkeys.added', { time: passkeyTime(t.locale, passkey.createdAt) })}</time>
        </p>
        <p>
          {passkey.lastUsedAt ? (
            <time dateTime={passkey.lastUsedAt}>
              {t('studio.passkeys.lastUsed', { time: passkeyTime(t.locale, passkey.lastUsedAt) })}
            </time>
          ) : (
            t('studio.passkeys.neverUsed')
          )}
        </p>
      </div>
      {confirming ? (
        <div className={styles.confirmation} role="group" aria-label={t('studio.passkeys.remove.name', { label: name })}>
          <p ref={question} tabIndex={-1} className={styles.question}>
            {t('studio.passkeys.remove.confirm', { label: name })}
          </p>
          <div className={styles.actions}>
            <button type="button" className="button" aria-disabled={removing || undefined} onClick={onRemove}>
              {t(removing ? 'studio.passkeys.removing' : 'studio.passkeys.remove.yes')}
            </button>
            <button type="button" className="button button-secondary" onClick={onKeep}>
              {t('studio.passkeys.remove.no')}
            </button>
          </div>
          <p role="alert" className={styles.failure}>
            {failure}
          </p>
        </div>
      ) : (
        <button
          ref={removeButton}
          type="button"
          className={`button button-secondary ${styles.remove}`}
          aria-label={t('studio.passkeys.remove.name', { label: name })}
          onClick={onAsk}
        >
          {t('studio.passkeys.remove')}
        </button>
      )}
    </li>
  );
}
