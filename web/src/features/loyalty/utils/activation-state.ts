// Registration hands the activation screen the new member's e-mail address in the
// navigation's state, never in its address: an address is read by whatever runs on the
// page (lib/address-secrets.ts).

/** The navigation state that hands the activation screen its e-mail address, out of its address. */
export function activationState(email: string): { email: string } {
  return { email };
}

/** The e-mail address a navigation's state hands the activation screen, if any. */
export function activationEmail(state: unknown): string | undefined {
  return typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string'
    ? state.email
    : undefined;
}
