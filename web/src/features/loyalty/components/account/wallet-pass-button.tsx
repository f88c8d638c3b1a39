// "Add to wallet": fetches the card's (or an e-ticket's) signed pass and opens the
// digital wallet's save page with it.

import { useState } from 'react';
import { useTranslate } from '@/state/i18n';
import { getWalletPass } from '../../api/get-wallet-pass';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { useErrorText } from '../../hooks/use-error-text';
import { walletSaveUrl } from '../../utils/wallet-pass';
import styles from './account.module.css';

type WalletPassButtonProps = {
  cardNumber?: string;
  bookingId?: string;
  /** The button's name when the text alone repeats on the screen: which ticket or card it adds. */
  label?: string;
};

export function WalletPassButton({ cardNumber, bookingId, label }: WalletPassButtonProps) {
  const t = useTranslate();
  const errorText = useErrorText();
  const api = useLoyaltyApi();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  async function open() {
    setPending(true);
    setError(undefined);
    try {
      const token = await getWalletPass(api, { cardNumber, bookingId });
      window.open(walletSaveUrl(token), '_blank', 'noreferrer');
    } catch (failure) {
      setError(errorText(failure, 'loyalty.wallet.failed'));
    } finally {
      setPending(false);
    }
  }
  return (
    <>
      <button type="button" className="button button-secondary" disabled={pending} aria-label={label} onClick={() => void open()}>
        {t(bookingId ? 'loyalty.wallet.addTicket' : 'loyalty.wallet.addCard')}
      </button>
      {error ? (
        <p role="alert" className={styles.notice}>
          {error}
        </p>
      ) : null}
    </>
  );
}
