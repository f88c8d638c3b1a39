import type { LoyaltyApi } from './loyalty-api';

export type PasswordReset = { email: string | undefined; resetCode: string; password: string };

/** A new password for the e-mailed code; version 1 validates the code first (docs/loyalty.md#password-reset). */
export async function resetPassword({ call, routes, context }: LoyaltyApi, { email, resetCode, password }: PasswordReset): Promise<void> {
  if (context.version === 1) {
    await call({ method: 'GET', route: routes.validatePasswordResetCode(email ?? '', resetCode), anonymous: true });
  }
  await call({
    method: 'POST',
    route: routes.resetPassword(),
    payload: { password, resetCode, ...(context.version === 3 ? { membershipId: '' } : {}) },
    anonymous: true,
  });
}
