import { useHydrated } from '@/lib/hydration';
import type { Site, Theater } from '@/types/api';
import { useAdLibraryFailed } from '../hooks/use-ad-library-status';
import { useAdPage } from '../hooks/use-ad-page';
import type { AdPageMovies } from '../utils/ad-page';
import { adsMayLoad, slotPlacement, type SlotPlacement } from '../utils/ad-rules';
import { AdContainer } from './ad-container';
import styles from './ads.module.css';

type AdSlotsProps = {
  /** 'header' at the top of the page; 'footer' at the bottom, with the custom slots above it. */
  placement: Extract<SlotPlacement, 'header' | 'footer'>;
  site: Site | undefined;
  theater: Theater | undefined;
  movies: AdPageMovies;
  consent: { trackersEnabled: boolean; consentGiven: boolean };
};

/**
 * The in-page ad containers of one placement, rendered only once hydrated, and gone again
 * when the ad library cannot load (nothing would ever fill them).
 */
export function AdSlots({ placement, site, theater, movies, consent }: AdSlotsProps) {
  const hydrated = useHydrated();
  const libraryFailed = useAdLibraryFailed();
  const { data: config } = useAdPage(site, theater, movies);
  if (!hydrated || libraryFailed || !config || !adsMayLoad(config, consent)) return null;
  const wanted: SlotPlacement[] = placement === 'footer' ? ['custom', 'footer'] : ['header'];
  const slots = config.slots.filter((slot) => wanted.includes(slotPlacement(slot)));
  return (
    <>
      {slots.map((slot) => (
        <AdContainer
          key={slot.container}
          slot={slot}
          className={slotPlacement(slot) === 'custom' ? styles.custom : styles.inline}
        />
      ))}
    </>
  );
}
