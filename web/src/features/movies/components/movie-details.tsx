import type { ReactNode } from 'react';
import { dateTimeFormat } from '@/rules/date-time-format';
import { Poster } from '@/components/poster';
import { PosterBackdrop } from '@/components/poster-backdrop';
import { useTranslate } from '@/state/i18n';
import type { Movie } from '@/types/api';
import { MovieFlags } from './movie-flags';
import { MovieMeta } from './movie-meta';
import styles from './movie-details.module.css';

function formatReleaseDate(date: string, locale: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** `actions`: what the visitor can do with the movie (the member's watchlist button). */
export function MovieDetails({ movie, actions }: { movie: Movie; actions?: ReactNode }) {
  const t = useTranslate();
  const title = movie.title ?? '';
  const facts: Array<{ label: string; value: string }> = [
    movie.releaseDate
      ? { label: t('movie.releaseDate'), value: formatReleaseDate(movie.releaseDate, t.locale) }
      : undefined,
    movie.directors?.length ? { label: t('movie.directors'), value: movie.directors.join(', ') } : undefined,
    movie.cast?.length ? { label: t('movie.cast'), value: movie.cast.join(', ') } : undefined,
    movie.formats?.length ? { label: t('movie.formats'), value: movie.formats.join(', ') } : undefined,
  ].filter((fact) => fact !== undefined);
  return (
    <section className={styles.details} aria-labelledby="movie-title">
      <PosterBackdrop src={movie.posterUrl} className={styles.backdrop} />
      <div className={`container ${styles.inner}`}>
        <Poster src={movie.posterUrl} alt={t('movie.posterAlt', [title])} priority className={styles.poster} />
        <div className={styles.head}>
          <MovieFlags flags={movie.flags} />
          <h1 id="movie-title" className={styles.title}>
            {title}
          </h1>
          <MovieMeta movie={movie} withGenres className={styles.meta} />
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
        <div className={styles.body}>
          {movie.synopsis ? (
            <div className={styles.synopsis}>
              <h2 className="visually-hidden">{t('movie.synopsis')}</h2>
              <p>{movie.synopsis}</p>
            </div>
          ) : null}
          {facts.length > 0 ? (
            <dl className={styles.facts}>
              {facts.map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </div>
    </section>
  );
}
