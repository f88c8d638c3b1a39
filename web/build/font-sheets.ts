// The fontsource style sheets as the site serves them: woff2 alone (every browser the
// site supports reads it, and the woff copies would double what a build emits), and a
// metric-matched fallback face ahead of the family's faces, so text laid out in a system
// font while the web font loads keeps its place when the web font swaps in. Also the kind
// of each installed family (serif, monospace), as the capsize metrics say, for the
// system stack theme-tokens.ts puts after it: one source for both fallbacks.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
  const metrics = (await getMetricsForFamily(family)) ?? (await metricsFromFiles(sheet));
  if (!metrics) throw new Error(`no font metrics for ${family} (${sheet})`);
  return metrics;
}

/** The metrics of the Latin face beside `sheet`, for a family the collection lacks. */
async function metricsFromFiles(sheet: string) {
  const files = join(dirname(sheet), 'files');
  const file = (await readdir(files)).find((name) => /-latin-.*\.woff2$/.test(name));
  return file ? readMetrics(pathToFileURL(join(files, file))) : null;
}

type Category = keyof typeof SYSTEM_FONTS;

/** The kind of font a family is, by its metrics: sans-serif unless they say serif or monospace. */
function category({ category }: Awaited<ReturnType<typeof familyMetrics>>): Category {
  return category === 'serif' || category === 'monospace' ? category : 'sans-serif';
}

/** The fallback face of `family`, one for every weight and style (the browser emboldens). */
async function fallbackFace(family: string, sheet: string): Promise<string> {
  const metrics = await familyMetrics(family, sheet);
  const generic = category(metrics);
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

const FONT_CATEGORIES_ID = 'virtual:font-categories';
const RESOLVED_FONT_CATEGORIES_ID = `\0${FONT_CATEGORIES_ID}`;
const FONTSOURCE_SCOPES = ['@fontsource', '@fontsource-variable'].map((scope) =>
  fileURLToPath(new URL(`../node_modules/${scope}/`, import.meta.url)),
);

/** The family each installed fontsource package declares, with one of its style sheets. */
async function installedFamilies(): Promise<{ family: string; sheet: string }[]> {
  const packages = (
    await Promise.all(FONTSOURCE_SCOPES.map(async (scope) => (await readdir(scope)).map((name) => join(scope, name))))
  )
    .flat()
    .sort();
  return Promise.all(
    packages.map(async (directory) => {
      const file = (await readdir(directory)).find((name) => name.endsWith('.css'));
      if (!file) throw new Error(`${directory} has no style sheet`);
      const sheet = join(directory, file);
      const family = FAMILY.exec(await readFile(sheet, 'utf8'))?.[1];
      if (!family) throw new Error(`${sheet} declares no font-family`);
      return { family, sheet };
    }),
  );
}

/**
 * `virtual:font-categories`: `FONT_CATEGORIES`, the installed families that are serif or
 * monospace (the others are sans-serif), by the same metrics their fallback faces stand on.
 */
export function fontCategories(): Plugin {
  return {
    name: 'font-categories',
    resolveId(id) {
      return id === FONT_CATEGORIES_ID ? RESOLVED_FONT_CATEGORIES_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_FONT_CATEGORIES_ID) return undefined;
      const categories: Record<string, Category> = {};
      for (const { family, sheet } of await installedFamilies()) {
        const kind = category(await familyMetrics(family, sheet));
        if (kind !== 'sans-serif') categories[family] = kind;
      }
      return `export const FONT_CATEGORIES = ${JSON.stringify(categories)};\n`;
    },
  };
}
