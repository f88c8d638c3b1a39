// The header's member entry once the loyalty code has loaded: the guest label links to
// the login page; a member gets the loggedInMenu and sign-out. It also runs what every
// page needs from the session: the refresh timers, '#loyalty-logout' links and the
// ticketing hand-off when the address has ?return=, and the token on the links to the
// loyalty ticketing service.

import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import { useLoyaltySession } from '../hooks/loyalty-session';
import { useMemberMenuOpen } from '../hooks/use-member-menu-open';
import { useTicketingHandOff } from '../hooks/use-ticketing-hand-off';
import { useTicketingLinkTokens } from '../hooks/use-ticketing-link-tokens';
import { isLogoutLink, LOYALTY_LOGOUT_HREF } from '../utils/logout-link';
import { HandOffForm } from './hand-off-form';
import { useHydrated } from '@/lib/hydration';
import { useDismiss } from '@/hooks/use-dismiss';
import { hasSessionCookie } from './header-member-link';
import { MemberSession } from './member-session';
import { RedirectOverlay } from './redirect-overlay';
import styles from './member-access.module.css';
import { loginPagePath } from '../utils/login-page';

const goTo = (url: string) => window.location.assign(url);

function useLogoutLinks(logout: () => Promise<void>) {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest('a') : null;
      if (!anchor || !isLogoutLink(anchor.getAttribute('href'))) return;
      event.preventDefault();
      void logout().catch(() => undefined);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [logout]);
}

function TicketingHandOff({ loginSlug }: { loginSlug: string }) {
  const { search } = useLocation();
  const handOff = useTicketingHandOff({ search, loginPath: loginPagePath(loginSlug), navigate: goTo });
  if (!handOff) return null;
  return handOff.kind === 'overlay' ? (
    <RedirectOverlay url={handOff.url} provider={handOff.provider} token={handOff.token} />
  ) : (
    <HandOffForm url={handOff.url} provider={handOff.provider} token={handOff.token} />
  );
}

function MemberMenu({ loginSlug }: { loginSlug: string }) {
  const t = useTranslate();
  const { member, checking, config, logout } = useLoyaltySession();
  const { pathname } = useLocation();
  const [open, setOpen] = useMemberMenuOpen(pathname, checking ? undefined : (member?.memberId ?? null));
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(open, setOpen, wrap, button);
  useLogoutLinks(logout);
  useTicketingLinkTokens();
  // Until the session is checked the cookie tells; the server (and the hydrating
  // browser) renders the guest's menu.
  const hydrated = useHydrated();
  const signedIn = checking ? hydrated && hasSessionCookie() : Boolean(member);
  const guestLabel = config.guestHeaderAccessLabel;
  const memberLabel = config.loggedInHeaderAccessLabel || t('loyalty.nav.overview');
  if (!config.accessFromHeader) return null;
  if (!signedIn) {
    return guestLabel ? (
      <Link to={loginPagePath(loginSlug)} className={styles.access} data-testid="member-access">
        {guestLabel}
      </Link>
    ) : null;
  }
  const menu = config.loggedInMenu?.length ? config.loggedInMenu : [{ label: memberLabel, to: paths.account.build() }];
  return (
    <div className={styles.wrap} ref={wrap}>
      <button
        ref={button}
        type="button"
        className={styles.access}
        aria-expanded={open}
        aria-controls="member-menu"
        onClick={() => setOpen((shown) => !shown)}
        data-testid="member-access"
      >
        {memberLabel}
      </button>
      {open ? (
        <ul id="member-menu" className={styles.menu}>
          {menu.map((entry) => (
            <li key={`${entry.to}-${entry.label}`}>
              <Link to={entry.to}>{entry.label}</Link>
            </li>
          ))}
          <li>
            <a href={LOYALTY_LOGOUT_HREF}>{t('loyalty.signOut')}</a>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

export function MemberAccess({ loginSlug }: { loginSlug: string }) {
  return (
    <MemberSession>
      <MemberMenu loginSlug={loginSlug} />
      <TicketingHandOff loginSlug={loginSlug} />
    </MemberSession>
  );
}
