// A stand-in for the browser's passkeys (WebAuthn) in tests: `PublicKeyCredential`'s parse
// functions and `navigator.credentials`, whose prompt answers as the test says: a
// credential (its `toJSON()`), or the DOMException a browser throws. Without it, the test's
// browser (happy-dom) has no passkeys at all, as an old browser.
import { vi } from 'vitest';

/** What the studio's API answers POST /passkeys/options with (WebAuthn's JSON form). */
export const creationOptions: PublicKeyCredentialCreationOptionsJSON = {
  challenge: 'cmVnaXN0cmF0aW9uLWNoYWxsZW5nZQ',
  rp: { id: 'studio.localhost', name: 'Studio' },
  user: { id: 'c3RhZmYtMQ', name: 'ada@example.com', displayName: 'Ada Lovelace' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
};

/** What the studio's API answers POST /sign-in/passkey/options with: any passkey of the studio's. */
export const requestOptions: PublicKeyCredentialRequestOptionsJSON = {
  challenge: 'c2lnbi1pbi1jaGFsbGVuZ2U',
  rpId: 'studio.localhost',
  userVerification: 'required',
};

/** A new passkey's credential, as its `toJSON()` gives it. */
export const newCredential = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0', attestationObject: 'o2NmbXRkbm9uZQ' },
  clientExtensionResults: {},
};

/** A passkey's signature of a sign-in challenge, as its `toJSON()` gives it. */
export const assertion = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0', authenticatorData: 'SZYN5Y', signature: 'MEUCIQ', userHandle: 'c3RhZmYtMQ' },
  clientExtensionResults: {},
};

/** What the browser's prompt comes to: the credential's JSON, or what it throws. */
export type PasskeyPrompt = () => Promise<Record<string, unknown>>;

/** The person closed the browser's prompt, or let it time out. */
export const cancelledPrompt: PasskeyPrompt = () =>
  Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));

/** The authenticator holds one of this staff member's passkeys already (the options exclude it). */
export const alreadyRegisteredPrompt: PasskeyPrompt = () =>
  Promise.reject(new DOMException('The user attempted to register an authenticator that contains one of the credentials already registered with the relying party.', 'InvalidStateError'));

/** What the parse functions make of the JSON options: a marker the prompt can be checked against. */
const parsed = (json: unknown) => ({ parsedFrom: json });

/**
 * Gives the test's browser passkeys: `create` and `get` answer the prompts (a prompt not
 * given fails as cancelled). Undone by vi.unstubAllGlobals() and vi.restoreAllMocks().
 */
export function stubPasskeyBrowser({ create = cancelledPrompt, get = cancelledPrompt }: { create?: PasskeyPrompt; get?: PasskeyPrompt } = {}) {
  const parseCreationOptionsFromJSON = vi.fn(parsed);
  const parseRequestOptionsFromJSON = vi.fn(parsed);
  vi.stubGlobal('PublicKeyCredential', { parseCreationOptionsFromJSON, parseRequestOptionsFromJSON });
  const credential = async (prompt: PasskeyPrompt) => {
    const json = await prompt();
    return { id: json.id, type: 'public-key', toJSON: () => json };
  };
  type Prompted = Promise<Awaited<ReturnType<typeof credential>>>;
  const credentials = {
    create: vi.fn<(options: CredentialCreationOptions) => Prompted>(() => credential(create)),
    get: vi.fn<(options: CredentialRequestOptions) => Prompted>(() => credential(get)),
  };
  vi.spyOn(navigator, 'credentials', 'get').mockReturnValue(credentials as unknown as CredentialsContainer);
  return { parseCreationOptionsFromJSON, parseRequestOptionsFromJSON, credentials };
}
