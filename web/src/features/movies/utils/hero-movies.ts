import type { Movie } from '@/types/api';

/**
 * The movies the home page's hero offers, at most `count`: the site's featured movie first
 * when it is among `movies` (coming soon too), then those now showing.
 */
export function heroMovies(
  movies: readonly Movie[],
  nowShowing: readonly Movie[],
  featuredId: string | undefined,
  count: number,
): Movie[] {
  const featured = movies.find((movie) => movie.id === featuredId);
  const rest = nowShowing.filter((movie) => movie !== featured);
  return (featured ? [featured, ...rest] : rest).slice(0, count);
}
