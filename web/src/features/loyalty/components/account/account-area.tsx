// The member area under /account/ (docs/loyalty.md#member-area): member screens behind the
// session, the guest ones (registration, activation, recovery, gift card, e-vouchers)
// open to all.

import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { Link } from '@/components/link';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { paths, type AccountScreen } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import { useAppData } from '@/api/get-app-data';
import { siteName } from '@/rules/site-name';
import { useLoyaltySession } from '../../hooks/loyalty-session';
import { offersAlerts } from '../../utils/alert-preferences';
import { LOYALTY_LOGOUT_HREF } from '../../utils/logout-link';
import { MemberSession } from '../member-session';
import { AccountOverview } from './account-overview';
import { ActivateScreen } from './activate-screen';
import { CardsScreen } from './cards-screen';
import { DeleteAccountScreen } from './delete-account-screen';
import { EVouchersScreen } from './e-vouchers-screen';
import { GiftCardScreen } from './gift-card-screen';
import { HistoryScreen } from './history-screen';
import { ProfileScreen } from './profile-screen';
import { ForgotPasswordScreen, ForgotUsernameScreen } from './recovery-screens';
import { RegisterScreen } from './register-screen';
import { ResetPasswordScreen } from './reset-password-screen';
import { RewardsScreen } from './rewards-screen';
import { TheatersScreen } from './theaters-screen';
import styles from './account.module.css';
import { loginPagePath } from '../../utils/login-page';

// Its own chunk, with the Web Push code: only members who open it load it.
const AlertsScreen = lazy(async () => ({ default: (await import('./alerts-screen')).AlertsScreen }));

const MEMBER_TABS: ReadonlyArray<{ screen?: AccountScreen; key: string }> = [
  { key: 'loyalty.nav.overview' },
  { screen: 'rewards', key: 'loyalty.nav.rewards' },
  { screen: 'cards', key: 'loyalty.nav.cards' },
  { screen: 'history', key: 'loyalty.nav.history' },
  { screen: 'watchlist', key: 'loyalty.nav.watchlist' },
  { screen: 'theaters', key: 'loyalty.nav.theaters' },
  { screen: 'alerts', key: 'loyalty.nav.alerts' },
  { screen: 'profile', key: 'loyalty.nav.profile' },
];

/** A screen for signed-in members: guests are asked to sign in. */
function MemberOnly({ title, children }: { title: string; children: ReactNode }) {
  const t = useTranslate();
  const { member, checking, config } = useLoyaltySession();
  const { data: appData } = useAppData();
  if (checking) return <Spinner label={t('status.loading')} />;
  if (!member) {
    const slug = appData?.site.settings?.loginPage?.slug ?? '';
    return (
      <div className={styles.panel}>
        <h1>{title}</h1>
        <p>{t('loyalty.account.signInFirst')}</p>
        <Link to={loginPagePath(slug)} className="button">
          {config.guestHeaderAccessLabel || t('loyalty.signIn.submit')}
        </Link>
      </div>
    );
  }
  const tabs = MEMBER_TABS.filter((tab) => tab.screen !== 'watchlist' || config.includeWatchlist)
    .filter((tab) => tab.screen !== 'theaters' || member.cypherVersion === 3)
    .filter((tab) => tab.screen !== 'alerts' || offersAlerts(member, config.includeWatchlist));
  return (
    <>
      <div className={styles.heading}>
        <h1>{title}</h1>
        <span>
          {t('loyalty.account.hello', [member.firstName ?? ''])} ·{' '}
          <a href={LOYALTY_LOGOUT_HREF}>{t('loyalty.signOut')}</a>
        </span>
      </div>
      <nav aria-label={t('loyalty.nav.label')}>
        <ul className={styles.tabs}>
          {tabs.map((tab) => (
            <li key={tab.key}>
              <Link
                to={tab.screen ? paths.accountScreen.build(tab.screen) : paths.account.build()}
                navigation
                className="chip"
              >
                {t(tab.key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </>
  );
}

function Screen({ titleKey, member, children }: { titleKey: string; member?: boolean; children: ReactNode }) {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const title = t(titleKey);
  return (
    <>
      <PageTitle page={title} site={siteName(appData?.site)} />
      {member ? (
        <MemberOnly title={title}>{children}</MemberOnly>
      ) : (
        <h1 className="visually-hidden">{title}</h1>
      )}
      {member ? null : children}
    </>
  );
}

const segment = (screen: AccountScreen) => `${screen}/`;

/** `watchlist`: the watchlist screen, given the films by the route (WatchlistScreen). */
export function AccountArea({ watchlist }: { watchlist: ReactNode }) {
  const t = useTranslate();
  return (
    <MemberSession>
      <div className={`container ${styles.area}`}>
        <Routes>
          <Route index element={<Screen titleKey="loyalty.title.account" member><AccountOverview /></Screen>} />
          <Route path={segment('rewards')} element={<Screen titleKey="loyalty.title.rewards" member><RewardsScreen /></Screen>} />
          <Route path={segment('cards')} element={<Screen titleKey="loyalty.title.cards" member><CardsScreen /></Screen>} />
          <Route path={segment('history')} element={<Screen titleKey="loyalty.title.history" member><HistoryScreen /></Screen>} />
          <Route path={segment('watchlist')} element={<Screen titleKey="loyalty.title.watchlist" member>{watchlist}</Screen>} />
          <Route path={segment('theaters')} element={<Screen titleKey="loyalty.title.theaters" member><TheatersScreen /></Screen>} />
          <Route
            path={segment('alerts')}
            element={
              <Screen titleKey="loyalty.title.alerts" member>
                <Suspense fallback={<Spinner label={t('status.loading')} />}>
                  <AlertsScreen />
                </Suspense>
              </Screen>
            }
          />
          <Route path={segment('profile')} element={<Screen titleKey="loyalty.title.profile" member><ProfileScreen /></Screen>} />
          <Route path={segment('delete-account')} element={<Screen titleKey="loyalty.title.delete" member><DeleteAccountScreen /></Screen>} />
          <Route path={segment('register')} element={<Screen titleKey="loyalty.title.register"><RegisterScreen /></Screen>} />
          <Route path={segment('activate')} element={<Screen titleKey="loyalty.title.activate"><ActivateScreen /></Screen>} />
          <Route path={segment('forgot-password')} element={<Screen titleKey="loyalty.title.forgotPassword"><ForgotPasswordScreen /></Screen>} />
          <Route path={segment('forgot-username')} element={<Screen titleKey="loyalty.title.forgotUsername"><ForgotUsernameScreen /></Screen>} />
          <Route path={segment('reset-password')} element={<Screen titleKey="loyalty.title.reset"><ResetPasswordScreen /></Screen>} />
          <Route path={segment('gift-card')} element={<Screen titleKey="loyalty.title.giftCard"><GiftCardScreen /></Screen>} />
          <Route path={segment('e-vouchers')} element={<Screen titleKey="loyalty.title.eVouchers"><EVouchersScreen /></Screen>} />
        </Routes>
      </div>
    </MemberSession>
  );
}
