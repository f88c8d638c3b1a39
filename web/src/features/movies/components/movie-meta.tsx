import { useTranslate } from '@/state/i18n';
import type { Movie } from '@/types/api';
import { splitRuntime } from '../utils/runtime';
import styles from './movie-meta.module.css';

/** Rating, runtime and genres on one line. */
export function MovieMeta({
  movie,
  withGenres = false,
  className,
}: {
  movie: Movie;
  withGenres?: boolean;
  className?: string;
}) {
  const t = useTranslate();
  const runtime = splitRuntime(movie.runtimeMinutes);
  const genres = withGenres ? (movie.genres ?? []) : [];
  return (
    <p className={[styles.meta, className].filter(Boolean).join(' ')}>
      {movie.rating ? (
        <span className={styles.rating} title={t('movie.rating', [movie.rating])}>
          {movie.rating}
        </span>
      ) : null}
      {runtime ? (
        <span>
          {runtime.hours > 0
            ? t('movie.runtime', [runtime.hours, runtime.minutes])
            : t('movie.runtimeMinutes', [runtime.minutes])}
        </span>
      ) : null}
      {genres.length > 0 ? <span>{genres.join(', ')}</span> : null}
    </p>
  );
}
