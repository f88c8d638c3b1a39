import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPasskey, getPasskey, isPasskeyCancelled, PasskeyCeremonyError, passkeysSupported } from './passkeys';
import {
  alreadyRegisteredPrompt,
  assertion,
  cancelledPrompt,
  creationOptions,
  newCredential,
  requestOptions,
  stubPasskeyBrowser,
} from './testing/passkeys';

/** The problem a ceremony failed with, or 'none'. */
async function problemOf(ceremony: Promise<unknown>): Promise<string> {
  const error = await ceremony.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (error === undefined) return 'none';
  return error instanceof PasskeyCeremonyError ? error.problem : 'not a ceremony error';
}

describe("the browser's side of a passkey", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is there only where the browser has WebAuthn with its JSON forms', () => {
    expect(passkeysSupported()).toBe(false);
    vi.stubGlobal('PublicKeyCredential', { isUserVerifyingPlatformAuthenticatorAvailable: () => Promise.resolve(true) });
    expect(passkeysSupported()).toBe(false);
    stubPasskeyBrowser();
    expect(passkeysSupported()).toBe(true);
  });

  it("makes a passkey from the studio's options in their JSON form, and gives its JSON", async () => {
    const browser = stubPasskeyBrowser({ create: () => Promise.resolve(newCredential) });
    expect(await createPasskey(creationOptions)).toEqual(newCredential);
    expect(browser.parseCreationOptionsFromJSON).toHaveBeenCalledWith(creationOptions);
    expect(browser.credentials.create).toHaveBeenCalledWith({ publicKey: { parsedFrom: creationOptions } });
  });

  it("signs the studio's challenge, and gives the assertion's JSON", async () => {
    const browser = stubPasskeyBrowser({ get: () => Promise.resolve(assertion) });
    expect(await getPasskey(requestOptions)).toEqual(assertion);
    expect(browser.credentials.get).toHaveBeenCalledWith({ publicKey: { parsedFrom: requestOptions } });
  });

  it.each([
    ['the prompt closed or timed out (NotAllowedError)', cancelledPrompt, 'cancelled'],
    ['the page gave up on it (AbortError)', () => Promise.reject(new DOMException('aborted', 'AbortError')), 'cancelled'],
    ['a passkey of theirs already on the authenticator (InvalidStateError)', alreadyRegisteredPrompt, 'alreadyRegistered'],
    ['an address that is not the relying party (SecurityError)', () => Promise.reject(new DOMException('bad rp', 'SecurityError')), 'unusable'],
    ['anything else', () => Promise.reject(new Error('device failed')), 'unusable'],
  ])('tells apart %s', async (_case, create, problem) => {
    stubPasskeyBrowser({ create });
    expect(await problemOf(createPasskey(creationOptions))).toBe(problem);
  });

  it('takes a prompt that gave no credential for a cancelled one', async () => {
    stubPasskeyBrowser();
    vi.spyOn(navigator, 'credentials', 'get').mockReturnValue({ get: () => Promise.resolve(null) } as unknown as CredentialsContainer);
    const failure = getPasskey(requestOptions);
    expect(await problemOf(failure)).toBe('cancelled');
    expect(isPasskeyCancelled(await failure.catch((error: unknown) => error))).toBe(true);
  });

  it('says options the browser will not take are unusable, and opens no prompt', async () => {
    const browser = stubPasskeyBrowser({ create: () => Promise.resolve(newCredential) });
    browser.parseCreationOptionsFromJSON.mockImplementation(() => {
      throw new TypeError('challenge is not base64url');
    });
    expect(await problemOf(createPasskey(creationOptions))).toBe('unusable');
    expect(browser.credentials.create).not.toHaveBeenCalled();
  });
});
