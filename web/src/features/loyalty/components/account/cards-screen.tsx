// The member's loyalty cards: each with its scannable code, delete, and "report lost"
// for the active ones; a form adds a card by its code (upper-cased before sending).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/lib/i18n';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { loyaltyKeys } from '../../api/loyalty-keys';
import { useErrorText } from '../../hooks/use-error-text';
import { MemberField } from '../member-field';
import { ScannableCode } from '../scannable-code';
import type { LoyaltyCard } from './account-types';
import { WalletPassButton } from './wallet-pass-button';
import styles from './account.module.css';

const cardsOf = (reply: Record<string, unknown>) => (reply.cards ?? []) as LoyaltyCard[];

export function CardsScreen() {
  const t = useTranslate();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { member, routes, call, config } = useLoyaltyApi();
  const key = loyaltyKeys.cards(member?.memberId ?? '');
  const [code, setCode] = useState('');
  const cards = useQuery({
    queryKey: key,
    queryFn: async () => cardsOf(await call({ method: 'GET', route: routes.cards() })),
  });
  const change = useMutation({
    mutationFn: async (action: { kind: 'add' | 'delete'; cardCode: string } | { kind: 'lost' }) => {
      if (action.kind === 'lost') return cardsOf(await call({ method: 'GET', route: routes.reportLostCard() }));
      const route = action.kind === 'add' ? routes.addCard() : routes.deleteCard();
      return cardsOf(await call({ method: 'POST', route, payload: { cardCode: action.cardCode.toUpperCase() } }));
    },
    onSuccess: (list, action) => {
      queryClient.setQueryData(key, list);
      if (action.kind === 'add') setCode('');
    },
  });
  function add(event: FormEvent) {
    event.preventDefault();
    if (code.trim()) change.mutate({ kind: 'add', cardCode: code.trim() });
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
              onClick={() => change.mutate({ kind: 'delete', cardCode: card.cardCode })}
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
          <button type="button" className="button button-secondary" onClick={() => change.mutate({ kind: 'lost' })}>
            {t('loyalty.cards.reportLost')}
          </button>
        ) : null}
      </section>
    </div>
  );
}
