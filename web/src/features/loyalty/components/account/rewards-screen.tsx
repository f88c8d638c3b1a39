// Rewards the member can spend points on; redeeming orders the item, then confirms it.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/lib/i18n';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { loyaltyKeys } from '../../api/loyalty-keys';
import { useErrorText } from '../../hooks/use-error-text';
import { pointsBalance } from '../../utils/member-format';
import type { Reward } from './account-types';
import styles from './account.module.css';

export function RewardsScreen() {
  const t = useTranslate();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { member, routes, call, refresh } = useLoyaltyApi();
  const memberId = member?.memberId ?? '';
  const [done, setDone] = useState<string>();
  const rewards = useQuery({
    queryKey: loyaltyKeys.rewards(memberId),
    queryFn: async () => ((await call({ method: 'GET', route: routes.rewards() })).rewards ?? []) as Reward[],
  });
  const redeem = useMutation({
    mutationFn: async (reward: Reward) => {
      const ordered = await call({ method: 'POST', route: routes.orderLoyaltyItem(), payload: { rewardId: reward.rewardId } });
      await call({ method: 'POST', route: routes.confirmItemRedemption(), payload: { orderId: ordered.orderId }, anonymous: true });
      return reward;
    },
    onSuccess: async (reward) => {
      setDone(t('loyalty.rewards.redeemed', [reward.name]));
      await refresh();
      await queryClient.invalidateQueries({ queryKey: loyaltyKeys.member(memberId) });
    },
  });
  if (rewards.isPending) return <Spinner label={t('status.loading')} />;
  if (rewards.isError) return <p role="alert">{errorText(rewards.error)}</p>;
  return (
    <section className={styles.panel} aria-labelledby="rewards-title">
      <h2 id="rewards-title">{t('loyalty.rewards.title')}</h2>
      <p className={styles.muted}>{t('loyalty.rewards.balance', [pointsBalance(member?.balances)])}</p>
      {done ? (
        <p role="status" className={styles.notice}>
          {done}
        </p>
      ) : null}
      {redeem.isError ? (
        <p role="alert" className={styles.notice}>
          {errorText(redeem.error)}
        </p>
      ) : null}
      <ul className={styles.list}>
        {rewards.data.map((reward) => (
          <li key={reward.rewardId} className={styles.row} data-testid="reward">
            <span className={styles.rowMain}>
              <strong>{reward.name}</strong>
              <span className={styles.muted}>{t('loyalty.rewards.cost', [reward.pointsCost])}</span>
            </span>
            <button
              type="button"
              className="button"
              disabled={!reward.canRedeem || redeem.isPending}
              onClick={() => redeem.mutate(reward)}
              aria-label={t('loyalty.rewards.redeemLabel', [reward.name])}
            >
              {t(reward.canRedeem ? 'loyalty.rewards.redeem' : 'loyalty.rewards.notEnough')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
