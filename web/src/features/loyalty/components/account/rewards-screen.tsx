// Rewards the member can spend points on; redeeming orders the item, then confirms it.

import { useState } from 'react';
import { ConfirmDialog } from '@/components/dialog';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import { plural } from '@/rules/plural';
import { useRewards } from '../../api/get-rewards';
import { useRedeemReward } from '../../api/redeem-reward';
import type { Reward } from '../../types';
import { useLoyaltySession } from '../../hooks/loyalty-session';
import { useErrorText } from '../../hooks/use-error-text';
import { pointsBalance } from '../../utils/member-format';
import styles from './account.module.css';

export function RewardsScreen() {
  const t = useTranslate();
  const errorText = useErrorText();
  const { member } = useLoyaltySession();
  const rewards = useRewards();
  const redeem = useRedeemReward();
  // Redeeming spends points: it waits for the member to confirm it.
  const [asking, setAsking] = useState<Reward>();
  if (rewards.isPending) return <Spinner label={t('status.loading')} />;
  if (rewards.isError) return <p role="alert">{errorText(rewards.error)}</p>;
  return (
    <section className={styles.panel} aria-labelledby="rewards-title">
      <h2 id="rewards-title">{t('loyalty.rewards.title')}</h2>
      <p className={styles.muted}>{plural(t, 'loyalty.rewards.balance', pointsBalance(member?.balances))}</p>
      {redeem.isSuccess ? (
        <p role="status" className={styles.notice}>
          {t('loyalty.rewards.redeemed', [redeem.data.name])}
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
              <span className={styles.muted}>{plural(t, 'loyalty.rewards.cost', reward.pointsCost ?? 0)}</span>
            </span>
            <button
              type="button"
              className="button"
              disabled={!reward.canRedeem || redeem.isPending}
              onClick={() => setAsking(reward)}
              // The name starts with what the button shows (WCAG 2.5.3).
              aria-label={
                reward.canRedeem
                  ? t('loyalty.rewards.redeemLabel', [reward.name])
                  : `${t('loyalty.rewards.notEnough')}: ${reward.name}`
              }
            >
              {t(reward.canRedeem ? 'loyalty.rewards.redeem' : 'loyalty.rewards.notEnough')}
            </button>
          </li>
        ))}
      </ul>
      {asking ? (
        <ConfirmDialog
          title={t('loyalty.rewards.confirm.title', [asking.name])}
          text={plural(t, 'loyalty.rewards.confirm.text', asking.pointsCost ?? 0)}
          confirmLabel={t('loyalty.rewards.redeem')}
          cancelLabel={t('dialog.cancel')}
          onCancel={() => setAsking(undefined)}
          onConfirm={() => {
            redeem.mutate(asking);
            setAsking(undefined);
          }}
        />
      ) : null}
    </section>
  );
}
