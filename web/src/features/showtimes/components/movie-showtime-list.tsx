import { Link } from '@/components/link';
import { Poster } from '@/components/poster';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import type { Movie, Showtime, Theater } from '@/types/api';
import { groupByMovie } from '../utils/showtime-days';
import { ShowtimeTimes } from './showtime-times';
import styles from './movie-showtime-list.module.css';

type MovieShowtimeListProps = {
  showtimes: readonly Showtime[];
  date: string;
  /** The site's movies, in the site's order. */
  movies: readonly Movie[];
  theaters: readonly Theater[];
  showTheaterNames: boolean;
  /** Each movie's title heading: one level below the heading the list sits under. */
  heading?: 'h2' | 'h3';
};

/** One day's showtimes, a row per movie. */
export function MovieShowtimeList({
  showtimes,
  date,
  movies,
  theaters,
  showTheaterNames,
  heading: Heading = 'h3',
}: MovieShowtimeListProps) {
  const t = useTranslate();
  const groups = groupByMovie(
    showtimes,
    date,
    movies.map((movie) => movie.id),
    theaters.map((theater) => theater.id),
  );
  const theaterName = (id: string) => theaters.find((theater) => theater.id === id)?.name ?? '';
  return (
    <ul className={styles.list} data-testid="movie-showtimes">
      {groups.map((group) => {
        const movie = movies.find((candidate) => candidate.id === group.movieId);
        const title = movie?.title ?? '';
        return (
          <li key={group.movieId} className={styles.row}>
            {movie ? (
              <Link to={paths.movie.build(movie)} className={styles.poster} decorative>
                <Poster src={movie.posterUrl} alt="" />
              </Link>
            ) : (
              <div className={styles.poster} />
            )}
            <div className={styles.body}>
              <Heading className={styles.title}>
                {movie ? <Link to={paths.movie.build(movie)}>{title}</Link> : null}
              </Heading>
              {movie?.rating ? (
                <p className={styles.meta}>{t('movie.rating', [movie.rating])}</p>
              ) : null}
              {group.theaters.map((theater) => (
                <div key={theater.theaterId} className={styles.theater}>
                  {showTheaterNames ? <p className={styles.theaterName}>{theaterName(theater.theaterId)}</p> : null}
                  <ShowtimeTimes showtimes={theater.showtimes} theaterName={theaterName(theater.theaterId)} />
                </div>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
