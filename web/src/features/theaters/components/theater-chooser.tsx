import { useHydrated } from '@/lib/hydration';
import { useTranslate } from '@/state/i18n';
import type { Theater } from '@/types/api';
import { useTheaterFinder } from '../hooks/use-theater-finder';
import { TheaterFinder } from './theater-finder';
import styles from './theater-chooser.module.css';

type TheaterChooserProps = {
  theaters: readonly Theater[];
  selectedTheaterId: string | undefined;
  onSelect: (theaterId: string) => void;
};

/**
 * The home page's theater choice: the finder (a field matching name, city or ZIP code,
 * "Use my location"), then one button per theater found, the chosen one pressed.
 */
export function TheaterChooser({ theaters, selectedTheaterId, onSelect }: TheaterChooserProps) {
  const t = useTranslate();
  const [text, remembered] = t.list('home.theaterPicker.text');
  const selected = theaters.find((theater) => theater.id === selectedTheaterId);
  // Before hydration a choice would go nowhere: the buttons wait for it.
  const hydrated = useHydrated();
  const { shown, distanceOf, finder } = useTheaterFinder(theaters);
  return (
    <section className={styles.band} aria-labelledby="theater-chooser" data-testid="theater-chooser">
      <div className={styles.copy}>
        <h2 id="theater-chooser" className={styles.title}>
          {t('home.theaterPicker.title')}
        </h2>
        <p className={styles.text}>
          {selected ? t('home.theaterPicker.current', { theaterName: selected.name ?? '' }) : text}
        </p>
        {remembered ? <p className={styles.note}>{remembered}</p> : null}
      </div>
      <div>
        {theaters.length > 1 ? <TheaterFinder {...finder} /> : null}
        <ul className={styles.list}>
          {shown.map((theater) => (
            <li key={theater.id}>
              <button
                type="button"
                className={styles.theater}
                aria-pressed={theater.id === selectedTheaterId}
                disabled={!hydrated}
                onClick={() => onSelect(theater.id)}
              >
                <span className={styles.name}>{theater.name}</span>
                {theater.address?.city ? (
                  <span className={styles.city}>{[theater.address.city, distanceOf(theater)].filter(Boolean).join(' · ')}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
