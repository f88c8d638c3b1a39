import { queryOptions } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { Theater } from '@/types/api';

export type Position = { latitude: number; longitude: number };

/** The theaters nearest `position` first, each with its distanceKm (docs/ingest.md#theaters). */
export const nearestTheatersQueryOptions = (position: Position | undefined) =>
  queryOptions({
    queryKey: ['theaters', 'near', position?.latitude, position?.longitude] as const,
    queryFn: ({ signal }) =>
      getJson<Theater[]>('/api/v1/theaters', {
        // Four decimals place a visitor within about ten metres: enough, and no more.
        query: { near: position ? `${position.latitude.toFixed(4)},${position.longitude.toFixed(4)}` : undefined },
        signal,
      }),
    enabled: position !== undefined,
    staleTime: Infinity,
  });
