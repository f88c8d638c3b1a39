import { useLocation } from 'react-router';
import type { Theater } from '@/types/api';
import { useAppData } from './app-data';
import { withoutPreviewPrefix } from './link-rules';
import { useSelectedTheater } from './selected-theater';

// SPEC.md section 4 "Current theater".
export function resolveCurrentTheater(
  theaters: readonly Theater[],
  {
    isSingleLocation,
    pageTheaterId,
    selectedTheaterId,
  }: { isSingleLocation: boolean; pageTheaterId?: string; selectedTheaterId?: string },
): Theater | undefined {
  if (isSingleLocation) return theaters[0];
  const byId = (id: string | undefined) =>
    id ? theaters.find((theater) => theater.id === id) : undefined;
  return byId(pageTheaterId) ?? byId(selectedTheaterId);
}

/** The theater a page's path is about, `/theaters/{id}-{slug}/`: the page context's theaterId. */
export function theaterIdFromPath(pathname: string): string | undefined {
  const prefix = '/theaters/';
  if (!pathname.startsWith(prefix)) return undefined;
  const segment = decodeURIComponent(pathname.slice(prefix.length).split('/')[0] ?? '');
  return segment.split('-')[0] || undefined;
}

/** The current theater of the page on screen: its own theater first, then the visitor's choice. */
export function useCurrentTheater(): Theater | undefined {
  const { data } = useAppData();
  const { pathname } = useLocation();
  const { selectedTheaterId } = useSelectedTheater();
  return resolveCurrentTheater(data?.theaters ?? [], {
    isSingleLocation: Boolean(data?.site?.config?.isSingleLocation),
    pageTheaterId: theaterIdFromPath(withoutPreviewPrefix(pathname)),
    selectedTheaterId,
  });
}
