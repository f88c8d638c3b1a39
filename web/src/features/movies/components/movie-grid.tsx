import { CardGrid } from '@/components/card-grid';
import type { Movie } from '@/types/api';
import { MovieCard } from './movie-card';

export function MovieGrid({ movies, eagerCount = 0 }: { movies: readonly Movie[]; eagerCount?: number }) {
  return (
    <CardGrid>
      {movies.map((movie, index) => (
        <li key={movie.id}>
          <MovieCard movie={movie} eager={index < eagerCount} />
        </li>
      ))}
    </CardGrid>
  );
}
