import type { LoyaltyApi } from './loyalty-api';

/** E-mails a new member their activation code, where the site needs activation (includeActivation). */
export async function startRegistration({ call, routes }: LoyaltyApi, email: string): Promise<void> {
  await call({ method: 'POST', route: routes.startRegistration(), payload: { email }, anonymous: true });
}
