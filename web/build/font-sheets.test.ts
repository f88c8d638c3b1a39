// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { fontCategories, fontSheets } from './font-sheets';

const sheet = (path: string) => fileURLToPath(new URL(`../node_modules/${path}`, import.meta.url));

async function transformed(path: string): Promise<string> {
  const plugin: Plugin = fontSheets();
  const transform = plugin.transform as (code: string, id: string) => Promise<{ code: string } | undefined>;
  const result = await transform(await readFile(sheet(path), 'utf8'), sheet(path));
  if (!result) throw new Error(`${path} was not transformed`);
  return result.code;
}

describe('the font style sheets as served', () => {
  it('put a metric-matched fallback face ahead of the family, on a system font of its kind', async () => {
    const lato = await transformed('@fontsource/lato/700.css');
    expect(lato.indexOf('font-family: "Lato fallback"')).toBeLessThan(lato.indexOf("font-family: 'Lato'"));
    expect(lato).toMatch(/src: local\("Arial"\), local\("Arimo"\), local\("Liberation Sans"\)/);
    expect(lato).toMatch(/size-adjust: \d+(\.\d+)?%;\s*ascent-override: \d+(\.\d+)?%;\s*descent-override/);
    // One face for every weight: the browser emboldens the system font itself.
    expect(lato.match(/"Lato fallback"/g)).toHaveLength(1);
    const lora = await transformed('@fontsource/lora/400.css');
    expect(lora).toMatch(/"Lora fallback";\s*src: local\("Times New Roman"\)/);
    const mono = await transformed('@fontsource/roboto-mono/400.css');
    expect(mono).toMatch(/"Roboto Mono fallback";\s*src: local\("Courier New"\)/);
  });

  it('read the metrics of a family the collection lacks from its own files', async () => {
    const condensed = await transformed('@fontsource-variable/open-sans/wdth.css');
    expect(condensed).toMatch(/"Open Sans Variable fallback";\s*src: local\("Arial"\)/);
  });

  it('serve woff2 alone', async () => {
    const lato = await transformed('@fontsource/lato/400-italic.css');
    expect(lato).toContain('.woff2)');
    expect(lato).not.toMatch(/\.woff\)/);
  });

  it('leave other style sheets alone', async () => {
    const transform = fontSheets().transform as (code: string, id: string) => Promise<unknown>;
    expect(await transform('body{}', '/web/src/styles/global.css')).toBeUndefined();
  });
});

describe('virtual:font-categories', () => {
  async function categories(): Promise<Record<string, string>> {
    const plugin = fontCategories();
    const resolveId = plugin.resolveId as (id: string) => string | undefined;
    const load = plugin.load as (id: string) => Promise<string | undefined>;
    const id = resolveId('virtual:font-categories');
    if (!id) throw new Error('virtual:font-categories was not resolved');
    const module = (await load(id)) ?? '';
    return JSON.parse(/^export const FONT_CATEGORIES = (.*);$/m.exec(module)?.[1] ?? 'null') as Record<string, string>;
  }

  it('names the installed families that are serif or monospace, as their fallback faces take them', async () => {
    const kinds = await categories();
    expect(kinds).toMatchObject({ Lora: 'serif', 'Playfair Display': 'serif', Rokkitt: 'serif', 'Roboto Mono': 'monospace' });
    // Sans-serif is the rule, left unsaid; a family read from its own files is one.
    expect(kinds).not.toHaveProperty('Lato');
    expect(kinds).not.toHaveProperty('Open Sans Variable');
  });

  it('resolves no other module', () => {
    const resolveId = fontCategories().resolveId as (id: string) => string | undefined;
    expect(resolveId('virtual:other')).toBeUndefined();
  });
});
