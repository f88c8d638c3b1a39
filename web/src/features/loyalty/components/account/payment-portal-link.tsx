// The payment provider's portal, where the member manages saved payment methods: a
// session is asked for first, and the member is sent to the URL it answers.

import { useState } from 'react';
import { useTranslate } from '@/lib/i18n';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { useErrorText } from '../../hooks/use-error-text';
import styles from './account.module.css';

/** The portal address of a GetPaymentProviderPortalSession reply. */
function portalUrl(reply: Record<string, unknown>): string | undefined {
  const url = reply.url ?? reply.portalUrl ?? reply.sessionUrl;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : undefined;
}

export function PaymentPortalLink() {
  const t = useTranslate();
  const errorText = useErrorText();
  const { routes, call } = useLoyaltyApi();
  const [error, setError] = useState<string>();
  async function open() {
    setError(undefined);
    try {
      const url = portalUrl(await call({ method: 'POST', route: routes.paymentPortalSession(), payload: {} }));
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
