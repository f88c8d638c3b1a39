// The signed-in member for the whole app: one LoyaltySessionController per page, its
// session kept in the loyaltySession cookie (path '/').

import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { takeMemberToken } from '@/lib/address-secrets';
import { getCookie, removeCookie, setCookie } from '@/lib/cookies';
import type { LoyaltyConfig } from '@/types/api';
import { announceMemberLogin, setMemberSignedIn } from '@/state/page-store';
import type { Credentials } from '../api/login';
import { sessionCalls } from '../api/session-calls';
import type { LoyaltyContext } from '../types';
import { loyaltyContext } from '../utils/loyalty-context';
import { LoyaltySessionController, type SessionState, type SessionStore } from '../utils/session-controller';
import { retainController, sharedController } from '../utils/session-registry';
import { parseSession, serializeSession } from '../utils/session-cookie';
import { SESSION_COOKIE, SESSION_COOKIE_PATH } from '@/config/loyalty-session-cookie';
import { memberTokenParameter } from '@/config/member-token-parameters';

/** The cookie the provider keeps beside the session; cleared before every sign-in. */
const RELATED_COOKIE = 'userSessionId';

/** Set when the page starts to unload: see SessionDependencies.isLeaving. */
let leaving = false;
if (typeof window !== 'undefined') window.addEventListener('beforeunload', () => (leaving = true));
const HOURS_PER_DAY = 24;

const cookieSessionStore: SessionStore = {
  read: () => parseSession(getCookie(SESSION_COOKIE)),
  write: (session, hours) =>
    setCookie(SESSION_COOKIE, serializeSession(session), {
      path: SESSION_COOKIE_PATH,
      days: hours === undefined ? undefined : hours / HOURS_PER_DAY,
    }),
  clear: () => removeCookie(SESSION_COOKIE, SESSION_COOKIE_PATH),
  clearRelated: () => removeCookie(RELATED_COOKIE, SESSION_COOKIE_PATH),
};

type LoyaltySessionValue = {
  controller: LoyaltySessionController;
  context: LoyaltyContext;
  config: LoyaltyConfig;
};

const LoyaltySessionContext = createContext<LoyaltySessionValue | null>(null);

export function LoyaltySessionProvider({
  config,
  currentTheaterId,
  children,
}: {
  config: LoyaltyConfig;
  currentTheaterId: string | undefined;
  children: ReactNode;
}) {
  const context = useMemo(() => loyaltyContext(config, currentTheaterId), [config, currentTheaterId]);
  const key = JSON.stringify([context, config.sessionTimeout, config.allowExpiredAccountsLogin]);
  const controller = useMemo(
    () =>
      sharedController(
        key,
        () =>
          new LoyaltySessionController({
            context,
            sessionTimeoutHours: config.sessionTimeout ?? 0,
            allowExpiredAccountsLogin: config.allowExpiredAccountsLogin ?? false,
            calls: sessionCalls(context),
            store: cookieSessionStore,
            suppliedToken: takeMemberToken(memberTokenParameter(context.provider)),
            isLeaving: () => leaving,
          }),
      ),
    // The key holds everything the controller is made from: while it is the same, the
    // registry hands the same controller back.
    [key, context, config.sessionTimeout, config.allowExpiredAccountsLogin],
  );
  useEffect(() => retainController(key), [key]);
  // The rest of the page (ad targeting) hears whether a member is signed in.
  useEffect(() => {
    const publish = () => {
      const state = controller.getState();
      setMemberSignedIn(state.checking ? undefined : state.member !== null);
    };
    publish();
    return controller.subscribe(publish);
  }, [controller]);
  const value = useMemo(() => ({ controller, context, config }), [controller, context, config]);
  return <LoyaltySessionContext.Provider value={value}>{children}</LoyaltySessionContext.Provider>;
}

function useLoyaltyValue(): LoyaltySessionValue {
  const value = useContext(LoyaltySessionContext);
  if (!value) throw new Error('useLoyaltySession must be used inside LoyaltySessionProvider');
  return value;
}

const SERVER_SESSION: SessionState = { member: null, checking: true };

/** The member (null for a guest), whether the stored session is still being checked, and the actions. */
export function useLoyaltySession() {
  const { controller, context, config } = useLoyaltyValue();
  const state: SessionState = useSyncExternalStore(
    (listener) => controller.subscribe(listener),
    () => controller.getState(),
    // The server renders for a guest whose session is still to be checked, and so does
    // the browser while hydrating that markup.
    () => SERVER_SESSION,
  );
  const actions = useMemo(
    () => ({
      login: async (credentials: Credentials) => {
        const member = await controller.login(credentials);
        if (member) announceMemberLogin(member.memberId);
        return member;
      },
      logout: controller.logout.bind(controller),
      refresh: controller.refreshNow.bind(controller),
      loginByToken: controller.loginByToken.bind(controller),
    }),
    [controller],
  );
  return { ...state, context, config, ...actions };
}
