import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from '@/state/i18n';
import type { Theater } from '@/types/api';
import { nearestTheatersQueryOptions, type Position } from '../api/get-nearest-theaters';
import type { TheaterFinderProps } from '../components/theater-finder';
import { findTheaters, formatDistance } from '../utils/theater-finder';

type Locating = 'idle' | 'asking' | 'refused' | 'unavailable';

/** How long the browser may take to find the visitor, and how old a position may be. */
const LOCATION_OPTIONS: PositionOptions = { timeout: 15_000, maximumAge: 10 * 60_000 };

/**
 * Finding a theater: a field matching name, city or ZIP code, and "Use my location",
 * which asks the browser for the visitor's position only when pressed and then lists
 * the theaters nearest first with their distance. Returns the theaters to show, each
 * one's distance as text once known, and the props of the finder's controls.
 */
export function useTheaterFinder(theaters: readonly Theater[]) {
  const t = useTranslate();
  const [typed, setTyped] = useState('');
  const [position, setPosition] = useState<Position>();
  const [locating, setLocating] = useState<Locating>('idle');
  const nearest = useQuery(nearestTheatersQueryOptions(position));
  const shown = findTheaters(theaters, typed, nearest.data);
  const distanceOf = (theater: Theater): string | undefined => {
    const km = nearest.data?.find((candidate) => candidate.id === theater.id)?.distanceKm;
    return typeof km === 'number' ? t('theaters.find.distance', [formatDistance(km, t.locale)]) : undefined;
  };

  const locate = () => {
    // Pressed again while asking: the question is already out.
    if (locating === 'asking') return;
    if (!('geolocation' in navigator)) {
      setLocating('unavailable');
      return;
    }
    setLocating('asking');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setPosition({ latitude: coords.latitude, longitude: coords.longitude });
        setLocating('idle');
      },
      (error) => setLocating(error.code === error.PERMISSION_DENIED ? 'refused' : 'unavailable'),
      LOCATION_OPTIONS,
    );
  };

  const status =
    locating === 'asking'
      ? t('theaters.find.locating')
      : locating === 'refused'
        ? t('theaters.find.refused')
        : locating === 'unavailable' || nearest.isError
          ? t('theaters.find.unavailable')
          : shown.length === 0
            ? t('theaters.find.none', [typed.trim()])
            : nearest.data
              ? t('theaters.find.nearestFirst')
              : '';
  const finder: TheaterFinderProps = {
    typed,
    onType: setTyped,
    onLocate: locate,
    asking: locating === 'asking' || nearest.isFetching,
    status,
    problem: locating === 'refused' || locating === 'unavailable' || nearest.isError,
  };
  return { shown, distanceOf, finder };
}
