// The loyalty routes of docs/loyalty.md#api-generations, for both API generations. Version
// 3 routes name the circuit and cinema {brand}CircuitId and {brand}CinemaId; the older ones
// circuitId and cinemaId. Only the route is built here: the envelope is in
// cypher-envelope.ts.

import type { LoyaltyContext } from '../types';

type ContextName = 'circuit' | 'cinema';

/** The version 3 query name of the circuit or cinema id: {brand}CircuitId, {brand}CinemaId. */
export function contextQueryName(context: LoyaltyContext, name: ContextName): string {
  return `${context.brand}${name === 'circuit' ? 'CircuitId' : 'CinemaId'}`;
}

/** `path?name=value&...` with the values encoded; values not given (undefined) are left out. */
export function withQuery(path: string, query: ReadonlyArray<readonly [string, string | number | undefined]>): string {
  const parts = query
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`);
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

/** The first segment of the mobile-wallet pass routes (docs/loyalty.md#wallet-passes). */
export const WALLET_PASSES = 'WalletPasses';

const v1Circuit = (context: LoyaltyContext) => ['circuitId', context.circuitId] as const;
const v1Cinema = (context: LoyaltyContext) => ['cinemaId', context.cinemaId] as const;
const v3Circuit = (context: LoyaltyContext) => [contextQueryName(context, 'circuit'), context.circuitId] as const;
const v3Cinema = (context: LoyaltyContext) => [contextQueryName(context, 'cinema'), context.cinemaId] as const;
const segment = (value: string) => encodeURIComponent(value);

/** Every route the member area calls, for the context's generation. */
export function cypherRoutes(context: LoyaltyContext) {
  const v3 = context.version === 3;
  return {
    login: () =>
      v3 ? withQuery('/Member/v3/Login', [v3Circuit(context)]) : withQuery('/Member/Login', [v1Circuit(context)]),
    refreshLogin: () => (v3 ? '/Member/v3/RefreshLogin' : withQuery('/Member/RefreshLogin', [v1Circuit(context)])),
    // Version 1 only (docs/loyalty.md#api-generations; the routes are svc-loyalty's).
    validateToken: () => withQuery('/Member/ValidateToken', [v1Circuit(context)]),
    loginWithToken: () => withQuery('/Member/LoginWithToken', [v1Circuit(context)]),
    logout: () =>
      v3
        ? withQuery('/Member/v3/Logout', [v3Circuit(context), v3Cinema(context)])
        : withQuery('/Member/Logout', [v1Circuit(context)]),
    getMember: (userSessionId?: string) =>
      v3
        ? '/Member/v3/GetMember/'
        : withQuery('/Member/GetMember/', [v1Circuit(context), ['userSessionId', userSessionId]]),
    create: () => (v3 ? '/Member/v3/Create' : withQuery('/Member/Create', [v1Circuit(context)])),
    startRegistration: () =>
      v3
        ? '/Member/v3/SendMemberActivationCode'
        : withQuery('/Member/StartRegistration', [v1Circuit(context), v1Cinema(context)]),
    edit: () => (v3 ? '/Member/v3/Edit' : withQuery('/Member/Edit', [v1Circuit(context)])),
    memberSearch: () => `/Member/MemberSearch/${segment(context.circuitId)}`,
    // The member is the one of the session token: memberId stays empty
    // (docs/loyalty.md#profile-and-deletion).
    deleteMember: () => withQuery('/Member/v3/Delete/', [v3Circuit(context), ['memberId', '']]),
    membershipList: () =>
      withQuery(`/Member/GetMembershipList/${segment(context.cinemaId)}/`, [v1Circuit(context)]),
    setMemberToActivateOnComplete: () =>
      withQuery('/Member/SetMemberToActivateOnComplete', [v1Circuit(context)]),
    addMembership: () => `/Member/AddMembership/${segment(context.cinemaId)}`,
    completePayment: () => withQuery('/Member/CompletePayment/', [v1Circuit(context), v1Cinema(context)]),
    usernameReminder: (email: string) =>
      `/Member/UsernameReminder/${segment(context.circuitId)}/${segment(email)}`,
    resetPasswordCode: (emailAddress: string, rootUrl: string, resetPasswordLink: string) =>
      withQuery(v3 ? '/Member/v3/GetResetPasswordCode' : '/Member/GetResetPasswordCode', [
        v3 ? v3Circuit(context) : v1Circuit(context),
        v3 ? v3Cinema(context) : v1Cinema(context),
        ['emailAddress', emailAddress],
        ['rootUrl', rootUrl],
        ['resetPasswordLink', resetPasswordLink],
      ]),
    validatePasswordResetCode: (emailAddress: string, resetCode: string) =>
      withQuery('/Member/ValidatePasswordResetCode', [
        v1Circuit(context),
        v1Cinema(context),
        ['emailAddress', emailAddress],
        ['resetCode', resetCode],
      ]),
    resetPassword: () =>
      v3
        ? withQuery('/Member/v3/ResetPassword', [v3Circuit(context), v3Cinema(context)])
        : withQuery('/Member/ResetPassword', [v1Circuit(context), v1Cinema(context)]),
    orderHistory: (maxResults?: number) =>
      v3
        ? withQuery('/Member/v3/OrderHistory', [v3Circuit(context), v3Cinema(context), ['maxResults', maxResults]])
        : withQuery('/Member/v2/OrderHistory', [v1Circuit(context), ['maxResults', maxResults]]),
    transactionHistory: (maxResults?: number) =>
      v3
        ? withQuery('/Member/v3/TransactionHistory', [['maxResults', maxResults]])
        : withQuery('/Member/v2/TransactionHistory', [v1Circuit(context), ['maxResults', maxResults]]),
    rewards: () =>
      v3
        ? withQuery('/Member/v3/RewardsListing', [v3Cinema(context)])
        : `/Member/GetItemsAvailableToValidatedLoyaltyMember/${segment(context.circuitId)}`,
    orderLoyaltyItem: () => withQuery('/Member/v3/OrderLoyaltyItem', [v3Cinema(context)]),
    confirmItemRedemption: () =>
      withQuery('/Member/v3/ConfirmItemRedemption', [v3Circuit(context), v3Cinema(context)]),
    cards: () => withQuery('/Member/v3/GetCards/', [v3Circuit(context)]),
    addCard: () => '/Member/v3/AddCard/',
    deleteCard: () => (v3 ? '/Member/v3/DeleteCard' : withQuery('/Member/DeleteCard', [v1Circuit(context)])),
    reportLostCard: () => withQuery('/Member/v3/ReportLostCard', [v3Circuit(context), v3Cinema(context)]),
    favoriteFilms: () => '/Member/v3/GetFavoriteFilms',
    addFavoriteFilm: () => '/Member/v3/AddFavoriteFilm',
    removeFavoriteFilm: () => '/Member/v3/RemoveFavoriteFilm',
    favoriteCinemas: () => '/Member/v3/GetFavoriteCinemas',
    addFavoriteCinema: () => '/Member/v3/AddFavoriteCinema',
    removeFavoriteCinema: () => '/Member/v3/RemoveFavoriteCinema',
    // svc-loyalty names and answers this route (docs/loyalty.md#api-generations).
    updateFavoriteCinemas: () => '/Member/v3/UpdateFavoriteCinemas',
    // On-sale and last-chance alerts, and this device's Web Push subscription: version 3
    // only, like the favourites they follow (svc-loyalty names and answers these routes).
    alertPreferences: () => '/Member/v3/GetAlertPreferences',
    updateAlertPreferences: () => '/Member/v3/UpdateAlertPreferences',
    addPushSubscription: () => '/Member/v3/AddPushSubscription',
    removePushSubscription: () => '/Member/v3/RemovePushSubscription',
    giftCardBalance: () => withQuery('/GiftCard/CheckGiftCardBalance', [v1Cinema(context)]),
    eVoucherConcessions: () => `/Concession/GetAllEVoucherConcessions/${segment(context.cinemaId)}`,
    paymentPortalSession: () =>
      withQuery('/Member/GetPaymentProviderPortalSession', [v1Circuit(context), v1Cinema(context)]),
    loyaltyCardPass: (cardNumber: string) =>
      withQuery(`/${WALLET_PASSES}/CreateLoyaltyCard/${segment(context.circuitId)}`, [
        ['cardNumber', cardNumber],
        ['fullJwt', 'true'],
      ]),
    eTicketPass: (bookingId: string) =>
      withQuery(`/${WALLET_PASSES}/GetETicket/${segment(context.circuitId)}/${segment(bookingId)}`, [
        ['fullJwt', 'true'],
      ]),
  };
}

export type CypherRoutes = ReturnType<typeof cypherRoutes>;
