import styles from './spinner.module.css';

export function Spinner({ label }: { label?: string }) {
  return (
    <div className={styles.spinner} role="status" aria-label={label} aria-live="polite">
      <span className={styles.ring} />
    </div>
  );
}
