// The fontsource style sheets as the site serves them: woff2 alone (every browser the
// site supports reads it, and the woff copies would double what a build emits), and a
// metric-matched fallback face ahead of the family's faces, so text laid out in a system
// font while the web font loads keeps its place when the web font swaps in.
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateFontFace, getMetricsForFamily, readMetrics } from 'fontaine';
import type { Plugin } from 'vite';

const FONT_SHEET = /\/node_modules\/@fontsource(-variable)?\/[^/]+\/[^/]+\.css$/;
const WOFF_SOURCE = /,\s*url\([^)]*\.woff\)\s*format\(['"]?woff['"]?\)/g;
const FAMILY = /font-family:\s*['"]?([^;'"]+)['"]?;/;

/**
 * The system font a family's fallback face stands on, by its category, with the metrics
 * it is adjusted from: Arial's, Times New Roman's or Courier New's. fontaine names the
 * fonts sharing those metrics (Liberation, Arimo, Tinos...) as local sources too.
 */
const SYSTEM_FONTS = {
  'sans-serif': 'Arial',
  serif: 'Times New Roman',
  monospace: 'Courier New',
} as const;

/** The name theme-tokens.ts puts after a family in its stack: "Lato" -> "Lato fallback". */
export function fallbackFamily(family: string): string {
  return `${family} fallback`;
}

/** A family's metrics: from the capsize collection, else read from one of its files. */
async function familyMetrics(family: string, sheet: string) {
  const known = await getMetricsForFamily(family);
  if (known) return known;
  const files = join(dirname(sheet), 'files');
  const file = (await readdir(files)).find((name) => /-latin-.*\.woff2$/.test(name));
  return file ? readMetrics(pathToFileURL(join(files, file))) : null;
}

/** The fallback face of `family`, one for every weight and style (the browser emboldens). */
async function fallbackFace(family: string, sheet: string): Promise<string> {
  const metrics = await familyMetrics(family, sheet);
  if (!metrics) throw new Error(`no font metrics for ${family} (${sheet})`);
  const generic = metrics.category === 'serif' || metrics.category === 'monospace' ? metrics.category : 'sans-serif';
  const system = await getMetricsForFamily(SYSTEM_FONTS[generic]);
  if (!system) throw new Error(`no font metrics for ${SYSTEM_FONTS[generic]}`);
  return generateFontFace(metrics, { name: fallbackFamily(family), font: generic, metrics: system });
}

export function fontSheets(): Plugin {
  return {
    name: 'font-sheets',
    enforce: 'pre',
    async transform(code, id) {
      if (!FONT_SHEET.test(id)) return undefined;
      const family = FAMILY.exec(code)?.[1];
      if (!family) throw new Error(`${id} declares no font-family`);
      return { code: `${await fallbackFace(family, id)}${code.replace(WOFF_SOURCE, '')}`, map: null };
    },
  };
}
