import { paths } from '@/config/paths';
import type { LoyaltyApi } from './loyalty-api';

/** E-mails a link to set a new password, which leads to this site's reset-password screen. */
export async function sendPasswordReset({ call, routes }: LoyaltyApi, email: string): Promise<void> {
  const route = routes.resetPasswordCode(email, window.location.origin, paths.accountScreen.build('reset-password'));
  await call({ method: 'GET', route, anonymous: true });
}
