import type { LoyaltyApi } from './loyalty-api';

export type Profile = {
  firstName: string;
  lastName: string;
  zipCode: string;
  /** International (+E.164). */
  mobileNumber: string;
  sendNewsletter: boolean;
};

/** Saves the member's profile; the session's copy of the member is read again after it (`refresh`). */
export async function updateProfile({ call, routes }: LoyaltyApi, profile: Profile): Promise<void> {
  await call({ method: 'POST', route: routes.edit(), payload: profile });
}
