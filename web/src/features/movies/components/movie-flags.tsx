import { useTranslate } from '@/state/i18n';
import styles from './movie-flags.module.css';

// docs/ingest.md#movies: flags NEW and PREVIEW.
const SHOWN_FLAGS = ['NEW', 'PREVIEW'];

export function MovieFlags({ flags, className }: { flags?: string[]; className?: string }) {
  const t = useTranslate();
  const shown = (flags ?? []).filter((flag) => SHOWN_FLAGS.includes(flag));
  if (shown.length === 0) return null;
  return (
    <ul className={['label-list', className].filter(Boolean).join(' ')}>
      {shown.map((flag) => (
        <li key={flag} className={styles.flag}>
          {t(`movie.flag.${flag}`)}
        </li>
      ))}
    </ul>
  );
}
