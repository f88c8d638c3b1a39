import { Link } from '@/components/link';
import { Poster } from '@/components/poster';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import type { Movie } from '@/types/api';
import { MovieFlags } from './movie-flags';
import { MovieMeta } from './movie-meta';
import styles from './movie-card.module.css';

/** A movie's poster card; `caption` says what sets it apart in its list (the week it opens). */
export function MovieCard({ movie, eager = false, caption }: { movie: Movie; eager?: boolean; caption?: string }) {
  const t = useTranslate();
  const title = movie.title ?? '';
  return (
    <article className={styles.card} data-testid="movie-card">
      <Link to={paths.movie.build(movie)} className={styles.link}>
        <div className={styles.posterWrap}>
          <Poster src={movie.posterUrl} alt={t('movie.posterAlt', [title])} eager={eager} />
          <MovieFlags flags={movie.flags} className={styles.flags} />
        </div>
        <h3 className={styles.title}>{title}</h3>
      </Link>
      {caption ? <p className={styles.caption}>{caption}</p> : null}
      <MovieMeta movie={movie} className={styles.meta} />
    </article>
  );
}
