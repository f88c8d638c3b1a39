import { PageTitle } from '@/components/page-title';
import { HAND_OFF_PLACES } from '@/rules/offered-hand-offs';
import { useHydrated } from '@/lib/hydration';
import { useTranslate } from '@/state/i18n';
import { useSelectedTheater } from '@/state/selected-theater';
import { useAppData } from '@/api/get-app-data';
import { HandOffLinks } from '@/components/hand-off-links';
import { siteName } from '@/rules/site-name';
import { DailyShowtimes } from '@/features/showtimes/components/daily-showtimes';
import { useOfferedShowtimes } from '@/features/showtimes/hooks/use-offered-showtimes';
import { TheaterAddress } from '@/features/theaters/components/theater-address';
import { openingDays, openingTimes } from '@/features/theaters/utils/opening-hours';
import { NotFoundRoute } from './not-found';
import { useRoutePageData } from './route-page-data';
import sections from './section-heading.module.css';
import styles from './theater.module.css';

export function TheaterRoute() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const { selectedTheaterId, selectTheater } = useSelectedTheater();
  const { content, fallback } = useRoutePageData('theater');
  const hydrated = useHydrated();
  const showtimes = useOfferedShowtimes(content?.showtimes ?? []);
  const theater = content?.theater;
  if (!theater) return fallback ?? <NotFoundRoute />;
  const theaters = appData?.theaters ?? [];
  const isSingleLocation = Boolean(appData?.site.config?.isSingleLocation);
  return (
    <>
      <PageTitle page={theater.name} site={siteName(appData?.site)} />
      <section className={styles.banner} aria-labelledby="theater-name">
        <div className={`container ${styles.inner}`}>
          <h1 id="theater-name" className={styles.name}>
            {theater.name}
          </h1>
          <TheaterAddress theater={theater} />
          {theater.description ? <p className={styles.description}>{theater.description}</p> : null}
          <HandOffLinks
            segments={HAND_OFF_PLACES.theater}
            provider={theater.ticketingProvider}
            theaterId={theater.id}
            className={styles.handOffs}
            linkClassName="button button-secondary"
          />
          {isSingleLocation ? null : theater.id === selectedTheaterId ? (
            <p className={styles.chosen}>{t('theaters.yourTheater')}</p>
          ) : (
            <button
              type="button"
              className={`button ${styles.choose}`}
              data-testid="choose-theater"
              // Before hydration a choice would go nowhere: the button waits for it.
              disabled={!hydrated}
              onClick={() => selectTheater(theater.id)}
            >
              {t('theaters.makeMine')}
            </button>
          )}
        </div>
      </section>
      <section className={`container page ${sections.section}`} aria-labelledby="theater-showtimes">
        <div className={sections.header}>
          <h2 id="theater-showtimes" className={sections.title}>
            {t('movie.showtimes')}
          </h2>
        </div>
        <DailyShowtimes
          showtimes={showtimes}
          movies={content.movies ?? []}
          theaters={theaters}
          showTheaterNames={false}
        />
      </section>
      {theater.openingHours?.length || theater.parking ? (
        <section className={`container page ${sections.section}`} aria-labelledby="theater-visit">
          <div className={sections.header}>
            <h2 id="theater-visit" className={sections.title}>
              {t('theater.visit')}
            </h2>
          </div>
          {theater.openingHours?.length ? (
            <>
              <h3 className={styles.subtitle}>{t('theater.openingHours')}</h3>
              <dl className={styles.hours}>
                {theater.openingHours.map(({ days = [], opens = '', closes = '' }, line) => (
                  // The lines in the theater's order: a published page never reorders them.
                  <div key={line} className={styles.hoursLine}>
                    <dt>{openingDays(days, t.locale)}</dt>
                    <dd>{openingTimes(opens, closes, t.locale)}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : null}
          {theater.parking ? (
            <>
              <h3 className={styles.subtitle}>{t('theater.parking')}</h3>
              <p className={styles.parking}>{theater.parking}</p>
            </>
          ) : null}
        </section>
      ) : null}
      {theater.accessibility?.length ? (
        <section className={`container page ${sections.section}`} aria-labelledby="theater-accessibility">
          <div className={sections.header}>
            <h2 id="theater-accessibility" className={sections.title}>
              {t('theater.accessibility')}
            </h2>
          </div>
          <ul className={styles.notes}>
            {theater.accessibility.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
