import { afterEach, describe, expect, it } from 'vitest';
import { loadScript } from './load-script';

describe('loadScript', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('adds each script once, async', () => {
    void loadScript('https://tags.example/one.js').catch(() => undefined);
    void loadScript('https://tags.example/one.js').catch(() => undefined);
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.async).toBe(true);
    expect(scripts[0]?.getAttribute('src')).toBe('https://tags.example/one.js');
  });
});
