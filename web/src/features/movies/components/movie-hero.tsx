import { useState } from 'react';
import { Link } from '@/components/link';
import { Poster } from '@/components/poster';
import { PosterBackdrop } from '@/components/poster-backdrop';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import type { Movie } from '@/types/api';
import { MovieFlags } from './movie-flags';
import { MovieMeta } from './movie-meta';
import styles from './movie-hero.module.css';

/**
 * The first now-showing movies: one featured large, the others as thumbnails that
 * feature themselves when chosen.
 */
export function MovieHero({ movies }: { movies: readonly Movie[] }) {
  const t = useTranslate();
  const [featuredId, setFeaturedId] = useState(movies[0]?.id);
  const featured = movies.find((movie) => movie.id === featuredId) ?? movies[0];
  if (!featured) return null;
  const title = featured.title ?? '';
  return (
    <section className={styles.hero} aria-labelledby="hero-title" data-testid="hero">
      <PosterBackdrop src={featured.posterUrl} className={styles.backdrop} />
      <div className={`container ${styles.inner}`}>
        <Poster
          src={featured.posterUrl}
          alt={t('movie.posterAlt', [title])}
          priority
          className={styles.poster}
        />
        <div className={styles.copy}>
          <p className={styles.kicker}>{t('home.hero.kicker')}</p>
          <MovieFlags flags={featured.flags} />
          <h1 id="hero-title" className={styles.title}>
            {title}
          </h1>
          <MovieMeta movie={featured} withGenres className={styles.meta} />
          {featured.synopsis ? <p className={styles.synopsis}>{featured.synopsis}</p> : null}
          <div className={styles.actions}>
            <Link to={paths.movie.build(featured)} className="button">
              {t('home.hero.getTickets')}
            </Link>
            <Link to={paths.movies.build()} className="button button-secondary">
              {t('home.hero.allMovies')}
            </Link>
          </div>
          {movies.length > 1 ? (
            <ul className={styles.thumbs} aria-label={t('home.hero.more')}>
              {movies.map((movie) => (
                <li key={movie.id}>
                  <button
                    type="button"
                    className={styles.thumb}
                    aria-pressed={movie.id === featured.id}
                    aria-label={movie.title}
                    title={movie.title}
                    onClick={() => setFeaturedId(movie.id)}
                  >
                    <Poster src={movie.posterUrl} alt="" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  );
}
