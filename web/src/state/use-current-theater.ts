import { useLocation } from 'react-router';
import { useAppData } from '@/api/get-app-data';
import { resolveCurrentTheater, theaterIdFromPath } from '@/rules/current-theater';
import { withoutPreviewPrefix } from '@/rules/link-rules';
import type { Theater } from '@/types/api';
import { useSelectedTheater } from './selected-theater';

/** The current theater of the page on screen: its own theater first, then the visitor's choice. */
export function useCurrentTheater(): Theater | undefined {
  const { data } = useAppData();
  const { pathname } = useLocation();
  const { selectedTheaterId } = useSelectedTheater();
  return resolveCurrentTheater(data?.theaters ?? [], {
    isSingleLocation: Boolean(data?.site.config?.isSingleLocation),
    pageTheaterId: theaterIdFromPath(withoutPreviewPrefix(pathname)),
    selectedTheaterId,
  });
}
