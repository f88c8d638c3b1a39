import { ApiError } from '@/lib/api-client';
import { useTranslate } from '@/state/i18n';
import styles from './service-problem.module.css';

/**
 * A screen whose data could not be loaded: the studio's service unavailable (503, svc-studio
 * down or starting), or anything else (no answer at all, another failure), with a button
 * that asks again. Announced as it appears. Its heading is the screen's (level 1), or, for
 * a part of a screen that has its own, of that part (level 2).
 */
export function ServiceProblem({
  error,
  retrying,
  onRetry,
  level = 1,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  level?: 1 | 2;
}) {
  const t = useTranslate();
  const unavailable = error instanceof ApiError && error.status === 503;
  const title = t(unavailable ? 'studio.problem.unavailable.title' : 'studio.problem.failed.title');
  return (
    <section className={styles.problem}>
      <div role="alert" className={styles.text}>
        {level === 1 ? <h1 className="page-title">{title}</h1> : <h2>{title}</h2>}
        <p>{t(unavailable ? 'studio.problem.unavailable' : 'studio.problem.failed')}</p>
      </div>
      <button
        type="button"
        className="button"
        aria-disabled={retrying || undefined}
        onClick={() => {
          if (!retrying) onRetry();
        }}
      >
        {t('studio.problem.retry')}
      </button>
    </section>
  );
}
