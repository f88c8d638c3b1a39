// The browser's side of a passkey (WebAuthn, DESIGN.md section 13): the studio's API speaks
// WebAuthn's JSON forms, which the browser turns into a ceremony and back
// (`PublicKeyCredential.parseCreationOptionsFromJSON`, `toJSON()`). What can go wrong in
// the ceremony is one of a few problems the screens word calmly: above all the person
// closing the browser's prompt, or letting it time out, which is no error of theirs.

/** A credential as its `toJSON()` gives it, which the studio's API takes as it is. */
export type PasskeyCredentialJSON = Record<string, unknown>;

/**
 * What kept the ceremony from giving a credential: `cancelled`, the person closed the
 * prompt or let it time out (the browser does not tell which, by design);
 * `alreadyRegistered`, the authenticator already holds one of this staff member's
 * passkeys (the options exclude those); `unusable`, anything else (options the browser
 * would not take, an address that is not the studio's relying party, a device that failed).
 */
export type PasskeyProblem = 'cancelled' | 'alreadyRegistered' | 'unusable';

export class PasskeyCeremonyError extends Error {
  readonly problem: PasskeyProblem;

  constructor(problem: PasskeyProblem, cause?: unknown) {
    super(`passkey ceremony: ${problem}`, { cause });
    this.name = 'PasskeyCeremonyError';
    this.problem = problem;
  }
}

/**
 * Whether this browser can use the studio's passkeys: WebAuthn, with the JSON forms the
 * API speaks (browsers from 2024 on; an older one is offered the link by e-mail).
 */
export function passkeysSupported(): boolean {
  return (
    'PublicKeyCredential' in window &&
    'parseCreationOptionsFromJSON' in PublicKeyCredential &&
    'parseRequestOptionsFromJSON' in PublicKeyCredential &&
    'credentials' in navigator
  );
}

/** The problem `error`, thrown by the ceremony, stands for. */
function ceremonyProblem(error: unknown): PasskeyProblem {
  if (!(error instanceof DOMException)) return 'unusable';
  // NotAllowedError: the prompt closed or timed out; AbortError: the page gave up on it.
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return 'cancelled';
  if (error.name === 'InvalidStateError') return 'alreadyRegistered';
  return 'unusable';
}

/** The JSON of the credential a ceremony gave; a ceremony that gave none was cancelled. */
function credentialJSON(credential: Credential | null): PasskeyCredentialJSON {
  if (credential === null) throw new PasskeyCeremonyError('cancelled');
  if (!('toJSON' in credential) || typeof credential.toJSON !== 'function') throw new PasskeyCeremonyError('unusable');
  const json: unknown = (credential as PublicKeyCredential).toJSON();
  if (typeof json !== 'object' || json === null) throw new PasskeyCeremonyError('unusable');
  return json as PasskeyCredentialJSON;
}

async function ceremony(run: () => Promise<Credential | null>): Promise<PasskeyCredentialJSON> {
  let credential: Credential | null;
  try {
    credential = await run();
  } catch (error) {
    throw new PasskeyCeremonyError(ceremonyProblem(error), error);
  }
  return credentialJSON(credential);
}

/** Makes a new passkey from the studio's creation options; fails with a PasskeyCeremonyError. */
export async function createPasskey(options: PublicKeyCredentialCreationOptionsJSON): Promise<PasskeyCredentialJSON> {
  return ceremony(() => navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) }));
}

/** Signs the studio's challenge with a passkey the person picks; fails with a PasskeyCeremonyError. */
export async function getPasskey(options: PublicKeyCredentialRequestOptionsJSON): Promise<PasskeyCredentialJSON> {
  return ceremony(() => navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) }));
}

/** Whether `error` is the person having closed the passkey prompt, or let it time out. */
export function isPasskeyCancelled(error: unknown): boolean {
  return error instanceof PasskeyCeremonyError && error.problem === 'cancelled';
}
