import { describe, expect, it } from 'vitest';
import cases from '../../../fixtures/page-title.json';
import { pageTitle } from './page-title';

describe('pageTitle, on the cases the gateway is tested on too (fixtures/page-title.json)', () => {
  it.each(cases)('$page and $site -> $expected', ({ page, site, expected }) => {
    expect(pageTitle(page, site)).toBe(expected);
  });
});
