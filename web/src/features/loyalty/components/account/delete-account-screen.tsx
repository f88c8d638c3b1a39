// Account deletion, after the member confirms; the session ends with the account.

import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/dialog';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import { deleteMember } from '../../api/delete-member';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { useErrorText } from '../../hooks/use-error-text';
import formStyles from '../member-form.module.css';
import styles from './account.module.css';

export function DeleteAccountScreen() {
  const t = useTranslate();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const api = useLoyaltyApi();
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string>();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  async function remove() {
    setAsking(false);
    setError(undefined);
    setPending(true);
    try {
      await deleteMember(api);
      await api.logout().catch(() => undefined);
      void navigate(paths.home.build(), { state: { accountDeleted: true } });
    } catch (failure) {
      setError(errorText(failure));
      setPending(false);
    }
  }
  return (
    <section className={styles.panel} aria-labelledby="delete-title">
      <h2 id="delete-title">{t('loyalty.delete.title')}</h2>
      <p>{t('loyalty.delete.text')}</p>
      <label className={formStyles.check}>
        <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
        {t('loyalty.delete.confirm')}
      </label>
      {error ? (
        <p role="alert" className={styles.notice}>
          {error}
        </p>
      ) : null}
      <div>
        <button type="button" className="button" disabled={!confirmed || pending} onClick={() => setAsking(true)}>
          {t('loyalty.delete.submit')}
        </button>
      </div>
      {asking ? (
        <ConfirmDialog
          title={t('loyalty.delete.confirmDialog.title')}
          text={t('loyalty.delete.confirmDialog.text')}
          confirmLabel={t('loyalty.delete.submit')}
          cancelLabel={t('dialog.cancel')}
          onCancel={() => setAsking(false)}
          onConfirm={() => void remove()}
        />
      ) : null}
    </section>
  );
}
