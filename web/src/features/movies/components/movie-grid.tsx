import type { Movie } from '@/types/api';
import { MovieCard } from './movie-card';
import styles from './movie-grid.module.css';

/** Posters in columns: 2 on phones, up to 7 on wide screens. */
export function MovieGrid({ movies, eagerCount = 0 }: { movies: readonly Movie[]; eagerCount?: number }) {
  return (
    <ul className={styles.grid}>
      {movies.map((movie, index) => (
        <li key={movie.id}>
          <MovieCard movie={movie} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
