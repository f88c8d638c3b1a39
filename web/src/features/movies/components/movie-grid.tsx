import { CardGrid } from '@/components/card-grid';
import type { Movie } from '@/types/api';
import { MovieCard } from './movie-card';

type MovieGridProps = {
  movies: readonly Movie[];
  eagerCount?: number;
  /** Each card's caption (the week it opens), when the grid mixes kinds. */
  caption?: (movie: Movie) => string | undefined;
};

export function MovieGrid({ movies, eagerCount = 0, caption }: MovieGridProps) {
  return (
    <CardGrid>
      {movies.map((movie, index) => (
        <li key={movie.id}>
          <MovieCard movie={movie} eager={index < eagerCount} caption={caption?.(movie)} />
        </li>
      ))}
    </CardGrid>
  );
}
