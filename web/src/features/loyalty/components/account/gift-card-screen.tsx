// Gift card balance: anonymous, card number and PIN.

import { useState } from 'react';
import { useTranslate } from '@/state/i18n';
import { getGiftCardBalance } from '../../api/get-gift-card-balance';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { useErrorText } from '../../hooks/use-error-text';
import { useGuardedSubmit } from '../../hooks/use-guarded-submit';
import { useInvisibleCaptcha } from '../../hooks/use-invisible-captcha';
import { formatCents } from '../../utils/member-format';
import { MemberField } from '../member-field';
import formStyles from '../member-form.module.css';
import styles from './account.module.css';

export function GiftCardScreen() {
  const t = useTranslate();
  const errorText = useErrorText();
  const api = useLoyaltyApi();
  const captcha = useInvisibleCaptcha('gift_card');
  const [cardNumber, setCardNumber] = useState('');
  const [pin, setPin] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const { pending, onSubmit } = useGuardedSubmit(check);
  async function check() {
    setResult(undefined);
    try {
      const cents = await getGiftCardBalance(api, { cardNumber, pin, captchaToken: await captcha() });
      setResult({ ok: true, text: t('loyalty.giftCard.balance', [formatCents(cents, t.locale)]) });
    } catch (failure) {
      setResult({ ok: false, text: errorText(failure) });
    }
  }
  return (
    <section className={styles.panel} aria-labelledby="gift-card-title">
      <h2 id="gift-card-title">{t('loyalty.giftCard.title')}</h2>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <MemberField label={t('loyalty.giftCard.number')} inputMode="numeric" autoComplete="off" value={cardNumber} onValueChange={setCardNumber} />
        <MemberField label={t('loyalty.giftCard.pin')} inputMode="numeric" autoComplete="off" value={pin} onValueChange={setPin} />
        {result ? (
          <p role={result.ok ? 'status' : 'alert'} className={styles.notice} data-testid="gift-card-result">
            {result.text}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={!cardNumber || !pin} aria-disabled={pending || undefined}>
          {t('loyalty.giftCard.submit')}
        </button>
      </form>
    </section>
  );
}
