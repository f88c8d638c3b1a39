import type { LoyaltyApi } from './loyalty-api';

/** The portal address of a GetPaymentProviderPortalSession reply. */
function portalUrl(reply: Record<string, unknown>): string | undefined {
  const url = reply.url ?? reply.portalUrl ?? reply.sessionUrl;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : undefined;
}

/**
 * A session at the payment provider's portal, where the member manages saved payment
 * methods: the address to send them to, if the reply names one.
 */
export async function createPaymentPortalSession({ call, routes }: LoyaltyApi): Promise<string | undefined> {
  return portalUrl(await call({ method: 'POST', route: routes.paymentPortalSession(), payload: {} }));
}
