import { useEffect } from 'react';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import { pageLoadFallback } from '@/lib/page-load';
import { useNavigate } from 'react-router';

/** A page whose data failed after its retries: on to /404.html or /500.html (docs/pages-and-links.md#page-loading-and-errors). */
export function PageLoadFailure({ error }: { error: unknown }) {
  const t = useTranslate();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(pageLoadFallback(error), { replace: true });
  }, [error, navigate]);
  return <Spinner label={t('status.loading')} />;
}
