// The payment provider's portal, where the member manages saved payment methods: a
// session is asked for first, and the member is sent to the URL it answers.

import { useState } from 'react';
import { useTranslate } from '@/state/i18n';
import { createPaymentPortalSession } from '../../api/create-payment-portal-session';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { useErrorText } from '../../hooks/use-error-text';
import styles from './account.module.css';

export function PaymentPortalLink() {
  const t = useTranslate();
  const errorText = useErrorText();
  const api = useLoyaltyApi();
  const [error, setError] = useState<string>();
  async function open() {
    setError(undefined);
    try {
      const url = await createPaymentPortalSession(api);
      if (!url) throw new Error('no portal address');
      window.location.assign(url);
    } catch (failure) {
      setError(errorText(failure, 'loyalty.portal.failed'));
    }
  }
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => void open()}>
        {t('loyalty.portal.open')}
      </button>
      {error ? (
        <p role="alert" className={styles.notice}>
          {error}
        </p>
      ) : null}
    </>
  );
}
