// The member's loyalty cards: each with its scannable code, delete, and "report lost"
// for the active ones; a form adds a card by its code (upper-cased before sending).

import { useState, type SubmitEvent } from 'react';
import { ConfirmDialog } from '@/components/dialog';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import { useCards } from '../../api/get-cards';
import { useUpdateCards } from '../../api/update-cards';
import { useLoyaltySession } from '../../hooks/loyalty-session';
import { useErrorText } from '../../hooks/use-error-text';
import { MemberField } from '../member-field';
import { ScannableCode } from '../scannable-code';
import { WalletPassButton } from './wallet-pass-button';
import styles from './account.module.css';

export function CardsScreen() {
  const t = useTranslate();
  const errorText = useErrorText();
  const { config } = useLoyaltySession();
  const [code, setCode] = useState('');
  const cards = useCards();
  const change = useUpdateCards();
  // A removal or a loss report waits for the member to confirm it.
  const [asking, setAsking] = useState<{ kind: 'delete'; cardCode: string } | { kind: 'lost' }>();
  function add(event: SubmitEvent) {
    event.preventDefault();
    if (code.trim()) change.mutate({ kind: 'add', cardCode: code.trim() }, { onSuccess: () => setCode('') });
  }
  if (cards.isPending) return <Spinner label={t('status.loading')} />;
  if (cards.isError) return <p role="alert">{errorText(cards.error)}</p>;
  const hasActive = cards.data.some((card) => card.status === 'ACTIVE');
  return (
    <div className={styles.grid}>
      {cards.data.length === 0 ? <p className={styles.muted}>{t('loyalty.cards.none')}</p> : null}
      {cards.data.map((card) => (
        <section key={card.cardCode} className={styles.panel} data-testid="loyalty-card" aria-label={t('loyalty.cards.cardLabel', [card.cardCode])}>
          {card.status === 'ACTIVE' ? (
            <ScannableCode value={card.cardCode} format={config.scannableCodeFormat} />
          ) : (
            <p className={styles.codeText}>{card.cardCode}</p>
          )}
          <p className={styles.status}>{t(`loyalty.cards.status.${card.status}`)}</p>
          <div className={styles.actions}>
            {card.status === 'ACTIVE' ? <WalletPassButton cardNumber={card.cardCode} /> : null}
            <button
              type="button"
              className="button button-secondary"
              disabled={change.isPending}
              onClick={() => setAsking({ kind: 'delete', cardCode: card.cardCode })}
              aria-label={t('loyalty.cards.deleteLabel', [card.cardCode])}
            >
              {t('loyalty.cards.delete')}
            </button>
          </div>
        </section>
      ))}
      <section className={styles.panel} aria-labelledby="add-card-title">
        <h2 id="add-card-title">{t('loyalty.cards.add')}</h2>
        <form onSubmit={add} className={styles.list} noValidate>
          <MemberField label={t('loyalty.cards.code')} value={code} onValueChange={setCode} autoComplete="off" />
          <button type="submit" className="button" disabled={change.isPending || !code.trim()}>
            {t('loyalty.cards.addSubmit')}
          </button>
        </form>
        {change.isError ? (
          <p role="alert" className={styles.notice}>
            {errorText(change.error)}
          </p>
        ) : null}
        {hasActive ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={change.isPending}
            onClick={() => setAsking({ kind: 'lost' })}
          >
            {t('loyalty.cards.reportLost')}
          </button>
        ) : null}
      </section>
      {asking ? (
        <ConfirmDialog
          title={
            asking.kind === 'delete'
              ? t('loyalty.cards.confirmDelete.title', [asking.cardCode])
              : t('loyalty.cards.confirmLost.title')
          }
          text={t(asking.kind === 'delete' ? 'loyalty.cards.confirmDelete.text' : 'loyalty.cards.confirmLost.text')}
          confirmLabel={t(asking.kind === 'delete' ? 'loyalty.cards.confirmDelete.confirm' : 'loyalty.cards.confirmLost.confirm')}
          cancelLabel={t('dialog.cancel')}
          onCancel={() => setAsking(undefined)}
          onConfirm={() => {
            change.mutate(asking);
            setAsking(undefined);
          }}
        />
      ) : null}
    </div>
  );
}
