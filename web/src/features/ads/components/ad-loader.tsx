import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { loadScript } from '@/lib/load-script';
import type { Site, Theater } from '@/types/api';
import type { AdsConfig } from '../api/get-ads-config';
import { reportAdLibraryLoad } from '../hooks/use-ad-library-status';
import { useAdPage } from '../hooks/use-ad-page';
import { useMounted } from '../hooks/use-mounted';
import { adDataLayer, type AdPageMovies } from '../utils/ad-page';
import {
  AD_CONFIGURATION_DEBOUNCE_MS,
  adsMayLoad,
  shouldReconfigure,
  slotDefinitions,
  slotPlacement,
  slotsToRefresh,
} from '../utils/ad-rules';
import { clearSlots, displaySlots, refreshSlots } from '../utils/googletag';
import { AdContainer } from './ad-container';
import styles from './ads.module.css';

type AdLoaderProps = {
  site: Site | undefined;
  theater: Theater | undefined;
  movies: AdPageMovies;
  consent: { trackersEnabled: boolean; consentGiven: boolean };
};

/**
 * Loads the ad library (or the custom library, or the ad server's tag) once ads may
 * load, sets the page's slots up, reconfigures or refreshes them as the page changes,
 * and renders the slots that sit over the page (pulse, interstitial, custom interstitial).
 */
export function AdLoader({ site, theater, movies, consent }: AdLoaderProps) {
  const mounted = useMounted();
  const { pathname } = useLocation();
  const { data: config, inputs } = useAdPage(site, theater, movies);
  const mayLoad = adsMayLoad(config, consent);
  const [settled, setSettled] = useState<AdsConfig>();
  const firstPath = useRef(pathname);
  const navigated = useRef(false);
  const applied = useRef<{ pagePath: string; targeting: Record<string, string> }>(undefined);
  if (pathname !== firstPath.current) navigated.current = true;

  useEffect(() => {
    if (!mayLoad || !config) return;
    const timer = window.setTimeout(() => setSettled(config), AD_CONFIGURATION_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [mayLoad, config]);

  useEffect(() => {
    if (!settled) return;
    loadScript(settled.scriptUrl).then(
      () => reportAdLibraryLoad(true),
      (error: unknown) => {
        console.warn('ad library failed to load', error);
        reportAdLibraryLoad(false);
      },
    );
    const page = window as Window & { dataLayer?: unknown[] };
    page.dataLayer = page.dataLayer ?? [];
    page.dataLayer.push({
      event: 'adDataLayer',
      ...adDataLayer({
        origin: window.location.origin,
        domain: site?.settings?.domain ?? window.location.host,
        pathname: window.location.pathname,
        theater: theater && { id: theater.id, name: theater.name, path: paths.theater.build(theater) },
        movie: movies.movie ?? (inputs.movieId ? { id: inputs.movieId } : undefined),
        isLoggedIn: inputs.isLoggedIn,
      }),
    });
    const options = {
      targeting: settled.targeting,
      singleRequest: settled.singleRequest,
      collapseEmptySlots: settled.collapseEmptySlots,
    };
    const previous = applied.current;
    const definitions = slotDefinitions(settled, !navigated.current);
    if (!previous) {
      displaySlots(definitions, options);
    } else if (shouldReconfigure(previous.pagePath, settled.pagePath, inputs.scheduledMovieIds)) {
      clearSlots(settled.slots.map((slot) => slot.container));
      displaySlots(definitions, options);
    } else {
      const refresh = slotsToRefresh(settled.mode, previous.targeting, settled.targeting, settled.slots);
      if (refresh.length > 0) refreshSlots(refresh, settled.targeting);
    }
    applied.current = { pagePath: settled.pagePath, targeting: settled.targeting };
    // Runs once per settled set-up; the other values are read at that moment.
  }, [settled]);

  if (!mounted || !config || !mayLoad) return null;
  return (
    <>
      {config.slots
        .filter((slot) => {
          const placement = slotPlacement(slot);
          const overPage = placement === 'interstitial' || placement === 'custom-interstitial';
          return placement === 'pulse' || (overPage && !navigated.current);
        })
        .map((slot) => (
          <AdContainer
            key={slot.container}
            slot={slot}
            className={slotPlacement(slot) === 'pulse' ? styles.pulse : styles.interstitial}
          />
        ))}
    </>
  );
}
