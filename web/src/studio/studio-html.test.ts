// studio.html, the page the gateway answers every studio address with, under a strict
// Content-Security-Policy (script-src and style-src 'self'): nothing inline may be in it.
import { describe, expect, it } from 'vitest';
import html from '../../studio.html?raw';

describe('studio.html', () => {
  it('has no inline script, no inline style and no style attribute', () => {
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts).toEqual(['<script type="module" src="/src/studio/main.tsx">']);
    expect(html).not.toMatch(/<script\b[^>]*>[^<]+<\/script>/);
    expect(html).not.toMatch(/<style\b/);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/\son[a-z]+=/);
  });

  it('is the studio, in English until the script knows better, with a root to render into', () => {
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Studio</title>');
    expect(html).toContain('<div id="root"></div>');
  });
});
