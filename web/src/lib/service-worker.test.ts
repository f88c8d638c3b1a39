import { describe, expect, it } from 'vitest';
import { canUseServiceWorker, shouldReloadOnInstalled } from './service-worker';

describe('canUseServiceWorker', () => {
  it.each([
    ['https:', 'www.marqueecinemas.com', true],
    ['http:', 'www.marqueecinemas.com', false],
    ['http:', 'localhost', true],
    ['http:', 'app.localhost', true],
    ['http:', '127.0.0.1', true],
    ['http:', '[::1]', true],
    ['http:', '192.168.1.20', false],
    ['http:', 'localhost.example', false],
  ])('%s//%s: %s', (protocol, hostname, expected) => {
    expect(canUseServiceWorker({ protocol, hostname })).toBe(expected);
  });
});

describe('shouldReloadOnInstalled', () => {
  it.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, false],
  ])('update %s, failures %s: reload %s', (hadController, resourcesFailed, expected) => {
    expect(shouldReloadOnInstalled({ hadController, resourcesFailed })).toBe(expected);
  });
});
