import type { LoyaltyApi } from './loyalty-api';

/** Deletes the signed-in member's account; their session ends with it. */
export async function deleteMember({ call, routes }: LoyaltyApi): Promise<void> {
  await call({ method: 'GET', route: routes.deleteMember() });
}
