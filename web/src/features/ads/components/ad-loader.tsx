import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useHydrated } from '@/lib/hydration';
import { loadScript } from '@/lib/load-script';
import type { Site, Theater } from '@/types/api';
import type { AdsConfig } from '@/types/api';
import { reportAdLibraryLoad } from '../hooks/use-ad-library-status';
import { useAdPage } from '../hooks/use-ad-page';
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
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const { data: config, inputs } = useAdPage(site, theater, movies);
  const mayLoad = adsMayLoad(config, consent);
  const [settled, setSettled] = useState<AdsConfig>();
  const [firstPath] = useState(pathname);
  const [navigated, setNavigated] = useState(false);
  const applied = useRef<{ pagePath: string; targeting: Record<string, string> }>(undefined);
  if (!navigated && pathname !== firstPath) setNavigated(true);

  useEffect(() => {
    if (!mayLoad || !config) return;
    const timer = window.setTimeout(() => setSettled(config), AD_CONFIGURATION_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [mayLoad, config]);

  // Once per settled set-up; the other values are read at that moment.
  const applySetUp = useEffectEvent((setUp: AdsConfig) => {
    loadScript(setUp.scriptUrl).then(
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
      targeting: setUp.targeting,
      singleRequest: setUp.singleRequest,
      collapseEmptySlots: setUp.collapseEmptySlots,
    };
    const previous = applied.current;
    const definitions = slotDefinitions(setUp, !navigated);
    if (!previous) {
      displaySlots(definitions, options);
    } else if (shouldReconfigure(previous.pagePath, setUp.pagePath)) {
      clearSlots(setUp.slots.map((slot) => slot.container));
      displaySlots(definitions, options);
    } else {
      const refresh = slotsToRefresh(setUp.mode, previous.targeting, setUp.targeting, setUp.slots);
      if (refresh.length > 0) refreshSlots(refresh, setUp.targeting);
    }
    applied.current = { pagePath: setUp.pagePath, targeting: setUp.targeting };
  });
  useEffect(() => {
    if (settled) applySetUp(settled);
  }, [settled]);

  if (!hydrated || !config || !mayLoad) return null;
  return (
    <>
      {config.slots
        .filter((slot) => {
          const placement = slotPlacement(slot);
          const overPage = placement === 'interstitial' || placement === 'custom-interstitial';
          return placement === 'pulse' || (overPage && !navigated);
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
