import { describe, expect, it } from 'vitest';
import { launchScriptConfigured, launchScriptToLoad } from './launch-script';

const LAUNCH_URL = 'https://assets.adobedtm.com/abc/launch-1.min.js';

describe('launchScriptConfigured', () => {
  it.each([
    [LAUNCH_URL, true],
    ['  ', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%o -> %s', (url, configured) => {
    expect(launchScriptConfigured(url)).toBe(configured);
  });
});

describe('launchScriptToLoad', () => {
  it.each([
    [{ url: LAUNCH_URL, trackersEnabled: true, analyticsEnabled: true }, LAUNCH_URL],
    [{ url: ` ${LAUNCH_URL} `, trackersEnabled: true, analyticsEnabled: true }, LAUNCH_URL],
    [{ url: LAUNCH_URL, trackersEnabled: false, analyticsEnabled: true }, undefined],
    [{ url: LAUNCH_URL, trackersEnabled: true, analyticsEnabled: false }, undefined],
    [{ url: null, trackersEnabled: true, analyticsEnabled: true }, undefined],
  ])('%o -> %s', (inputs, expected) => {
    expect(launchScriptToLoad(inputs)).toBe(expected);
  });
});
