// docs/loyalty.md#ticketing-hand-off: once a member is signed in and the address has
// ?return=, the member's token is validated and the member is sent on to ticketingUrl +
// return: by the redirect overlay on version 1, by a posted form on version 3. An invalid
// token, or a return that would leave the ticketing site, signs the member out and sends them
// to the login page with the query kept.

import { useEffect, useState } from 'react';
import { checkHandOffToken } from '../api/check-hand-off-token';
import { handOffRequested, handOffTarget, handOffVersion, invalidTokenRedirect } from '../utils/hand-off';
import { isSignedInMember } from '../utils/session-rules';
import { useLoyaltySession } from './loyalty-session';

/**
 * How the member is sent on to `url`, the token apart from it (added as the overlay navigates,
 * a field of the form): the overlay's link, rendered with `url`, never holds it.
 */
export type HandOff = { kind: 'overlay' | 'form'; url: string; token: string; provider: string };

type HandOffOptions = {
  search: string;
  /** The login page's slug, where an invalid token sends the member. */
  loginPath: string;
  navigate: (url: string) => void;
};

export function useTicketingHandOff({ search, loginPath, navigate }: HandOffOptions): HandOff | undefined {
  const { member, config, context, logout } = useLoyaltySession();
  const [handOff, setHandOff] = useState<HandOff>();

  useEffect(() => {
    const ticketingUrl = config.ticketingUrl ?? '';
    if (!member || !handOffRequested(search, ticketingUrl)) return;
    const version = handOffVersion(
      member.cypherVersion,
      isSignedInMember(member, config.allowExpiredAccountsLogin ?? false, new Date()),
    );
    if (!version) return;
    let cancelled = false;
    const fail = () => {
      void logout()
        .catch(() => undefined)
        .finally(() => navigate(invalidTokenRedirect(loginPath, search)));
    };
    // A return that would leave the ticketing site fails as an invalid token does, rather than
    // leaving the member on the sign-in page waiting for a hand-off that never comes.
    const target = handOffTarget(search, ticketingUrl, window.location.origin);
    if (!target) {
      fail();
      return;
    }
    checkHandOffToken(context, version, member.token)
      .then((reply) => {
        if (cancelled) return;
        if (reply.peachCode !== 0) {
          fail();
          return;
        }
        setHandOff({ kind: version === 1 ? 'overlay' : 'form', url: target, token: member.token, provider: context.provider });
      })
      .catch(() => {
        if (!cancelled) fail();
      });
    return () => {
      cancelled = true;
    };
  }, [member, config.ticketingUrl, config.allowExpiredAccountsLogin, context, logout, loginPath, search, navigate]);

  return handOff;
}
