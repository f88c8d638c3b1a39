import { useLocation } from 'react-router';
import { useMemberSignedIn } from '@/state/page-store';
import type { Site, Theater } from '@/types/api';
import { useAdsConfig } from '../api/get-ads-config';
import { movieIdFromPath, type AdPageInputs, type AdPageMovies } from '../utils/ad-page';
import { useDocumentTitle } from './use-document-title';

/** The ad set-up of the page being shown, for the current theater and its movies. */
export function useAdPage(site: Site | undefined, theater: Theater | undefined, movies: AdPageMovies) {
  const { pathname } = useLocation();
  const pageTitle = useDocumentTitle();
  const inputs: AdPageInputs = {
    path: pathname,
    theaterId: theater?.id,
    movieId: movieIdFromPath(pathname),
    pageTitle,
    scheduledMovieIds: movies.scheduledMovieIds,
    isLoggedIn: useMemberSignedIn(),
  };
  // Set up once it is known whether a member is signed in, not once without and again with.
  const enabled = Boolean(site?.settings?.adsDisplay) && inputs.isLoggedIn !== undefined;
  return { ...useAdsConfig(inputs, enabled), inputs };
}
