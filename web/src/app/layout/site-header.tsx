import { Suspense } from 'react';
import { Deferred } from '@/components/deferred';
import { Link } from '@/components/link';
import { ColourModeToggle } from '@/components/colour-mode-toggle';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import { useSelectedTheater } from '@/state/selected-theater';
import { lazyComponent } from '@/lib/lazy-component';
import { TheaterPicker } from '@/features/theaters/components/theater-picker';
import type { SiteSettings, Theater } from '@/types/api';
import type { NavigationItem } from './main-navigation';
import { SiteSearch } from './site-search';
import styles from './site-header.module.css';

// The member menu, session refresh and ticketing hand-off: loaded after the page, the
// session cookie picking the label meanwhile. A published page's header holds them, so
// its hydration waits for their code (preloadMemberEntry).
const loadMemberEntry = () => import('@/features/loyalty/components/member-entry');
const memberEntry = lazyComponent(async () => (await loadMemberEntry()).MemberEntry);
const MemberEntry = memberEntry.Component;

/** Loads the code of the member entry and of its menu, which a published page's header holds. */
export function preloadMemberEntry(): Promise<void> {
  return Promise.all([
    memberEntry.preload(),
    loadMemberEntry().then(
      (module) => module.preloadMemberAccess(),
      () => undefined,
    ),
  ]).then(() => undefined);
}

type SiteHeaderProps = {
  siteName: string;
  settings: SiteSettings | null | undefined;
  theaters: readonly Theater[];
  isSingleLocation: boolean;
  navigation: readonly NavigationItem[];
};

export function SiteHeader({ siteName, settings, theaters, isSingleLocation, navigation }: SiteHeaderProps) {
  const t = useTranslate();
  const { selectedTheaterId, selectTheater } = useSelectedTheater();
  const logo = settings?.logo?.src;
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to={paths.home.build()} className={styles.brand} label={t('header.home', [siteName])}>
          {logo ? (
            <img className={styles.logo} src={logo} alt={settings.logo?.alt || siteName} height={36} />
          ) : null}
          <span className={styles.name} data-testid="site-name">
            {siteName}
          </span>
        </Link>
        <nav className={styles.nav} aria-label={t('nav.main')}>
          <ul className={styles.navList}>
            {navigation.map((item) => (
              <li key={item.to}>
                <Link to={item.to} navigation className={styles.navLink} activeClassName={styles.active}>
                  {t(item.messageKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {isSingleLocation || theaters.length === 0 ? null : (
          <div className={styles.theater}>
            <TheaterPicker
              theaters={theaters}
              selectedTheaterId={selectedTheaterId}
              onSelect={selectTheater}
            />
          </div>
        )}
        <SiteSearch enabled={Boolean(settings?.hasSearch)} />
        <div className={styles.mode}>
          <Deferred>
            <Suspense fallback={null}>
              <MemberEntry />
            </Suspense>
          </Deferred>
          <ColourModeToggle />
        </div>
      </div>
    </header>
  );
}
