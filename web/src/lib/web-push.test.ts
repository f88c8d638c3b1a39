import { describe, expect, it } from 'vitest';
import { applicationServerKey, madeWithKey, supportsPush } from './web-push';

describe('supportsPush', () => {
  const everything = { PushManager: () => undefined, Notification: () => undefined, navigator: { serviceWorker: {} } };
  it.each([
    ['everything', everything, true],
    ['no PushManager (iOS outside a home-screen app)', { Notification: everything.Notification, navigator: everything.navigator }, false],
    ['no notifications', { PushManager: everything.PushManager, navigator: everything.navigator }, false],
    ['no service workers (an insecure origin)', { ...everything, navigator: {} }, false],
    ['no navigator', { PushManager: everything.PushManager, Notification: everything.Notification }, false],
    ['no window (the server)', undefined, false],
  ])('%s: %s', (_name, scope, expected) => {
    expect(supportsPush(scope)).toBe(expected);
  });
});

describe('applicationServerKey', () => {
  it.each([
    ['BA', [0x04]],
    ['BAEC', [0x04, 0x01, 0x02]],
    ['-_8', [0xfb, 0xff]],
    ['AAECAw', [0, 1, 2, 3]],
  ])('%s is the bytes %j (base64url, unpadded)', (key, bytes) => {
    expect([...applicationServerKey(key)]).toEqual(bytes);
  });

  it('reads a whole VAPID key: an uncompressed point of 65 bytes', () => {
    const key = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
    const bytes = applicationServerKey(key);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(0x04);
  });

  it.each([
    ['the same bytes', new Uint8Array([4, 1, 2]).buffer, true],
    ['other bytes', new Uint8Array([4, 1, 3]).buffer, false],
    ['another length', new Uint8Array([4, 1]).buffer, false],
    ['none', null, false],
  ])('a subscription made with %s is made with the key: %s', (_name, subscriptionKey, expected) => {
    expect(madeWithKey(subscriptionKey, new Uint8Array([4, 1, 2]))).toBe(expected);
  });
});
