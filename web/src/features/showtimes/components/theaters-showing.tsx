import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import type { Theater } from '@/types/api';

type TheatersShowingProps = {
  /** The ids of the theaters showing, in the order to list them. */
  theaterIds: readonly string[];
  /** All theaters of the site, for names and addresses. */
  theaters: readonly Theater[];
};

/** A large chain's theaters showing a movie (or anything this week), each linking to its showtimes. */
export function TheatersShowing({ theaterIds, theaters }: TheatersShowingProps) {
  const t = useTranslate();
  const showing = theaterIds.flatMap((id) => theaters.filter((theater) => theater.id === id));
  if (showing.length === 0) return <p>{t('movie.noShowtimes')}</p>;
  return (
    <>
      <p>{t('showtimes.chooseTheater')}</p>
      <ul data-testid="theaters-showing">
        {showing.map((theater) => (
          <li key={theater.id}>
            <Link to={paths.theater.build(theater)}>{theater.name}</Link>
            {theater.address?.city ? `, ${theater.address.city}` : null}
          </li>
        ))}
      </ul>
    </>
  );
}
