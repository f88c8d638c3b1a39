import type { LoyaltyApi } from './loyalty-api';

/** The pass to save: a loyalty card's, or an e-ticket's when a booking is given. */
export type WalletPassSubject = { cardNumber?: string; bookingId?: string };

/**
 * The signed pass for the digital wallet's save page. Asked for at each click and not
 * cached: the token is short-lived.
 */
export function getWalletPass({ callText, routes }: LoyaltyApi, { cardNumber, bookingId }: WalletPassSubject): Promise<string> {
  const route = bookingId ? routes.eTicketPass(bookingId) : routes.loyaltyCardPass(cardNumber ?? '');
  return callText({ method: 'GET', route });
}
