import type { LoyaltyApi } from './loyalty-api';

/** E-mails the member their username. */
export async function sendUsernameReminder({ call, routes }: LoyaltyApi, email: string): Promise<void> {
  await call({ method: 'GET', route: routes.usernameReminder(email), anonymous: true });
}
