import styles from './error-notice.module.css';

type ErrorNoticeProps = {
  title: string;
  detail?: string;
  retryLabel?: string;
  onRetry?: () => void;
};

export function ErrorNotice({ title, detail, retryLabel, onRetry }: ErrorNoticeProps) {
  return (
    <div className={styles.notice} role="alert">
      <p className={styles.title}>{title}</p>
      {detail ? <p className={styles.detail}>{detail}</p> : null}
      {onRetry && retryLabel ? (
        <button type="button" className="button" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}
