// The header's member entry before the loyalty code has loaded: the session cookie alone
// picks the guest or the signed-in label, so the first paint needs no loyalty code.

import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { readCookie } from '@/lib/cookies';
import { useHydrated } from '@/lib/hydration';
import type { LoyaltyConfig } from '@/types/api';
import { SESSION_COOKIE } from '@/config/loyalty-session-cookie';
import styles from './member-access.module.css';
import { loginPagePath } from '../utils/login-page';

export function hasSessionCookie(): boolean {
  return Boolean(readCookie(document.cookie, SESSION_COOKIE));
}

export function HeaderMemberLink({ config, loginSlug }: { config: LoyaltyConfig; loginSlug: string }) {
  // The server renders the guest's label; the session cookie counts once hydrated.
  const signedIn = useHydrated() && hasSessionCookie();
  const label = signedIn ? config.loggedInHeaderAccessLabel : config.guestHeaderAccessLabel;
  if (!label || !config.accessFromHeader) return null;
  return (
    <Link to={signedIn ? paths.account.build() : loginPagePath(loginSlug)} className={styles.access}>
      {label}
    </Link>
  );
}
