// What the service worker (src/sw.ts) precaches: the app shell, which index.html loads on
// every page (the entry chunk, the chunks it imports statically and their style sheets),
// read from the build's manifest. Routes, the theme's fonts (some 2,700 woff2 files and
// their style sheets), images and everything else load on demand and reach the worker's
// runtime cache as they do, so installing a new version fetches a few files, not 50 MB.
import { readFile } from 'node:fs/promises';
import type { ManifestEntry, ManifestTransform } from 'workbox-build';

/** The fields of Vite's `.vite/manifest.json` the shell is read from. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** The manifest key of the browser entry. */
const ENTRY = 'index.html';

/** The files index.html loads: the entry, its static imports, recursively, and their style sheets. */
export function appShellFiles(manifest: ViteManifest): Set<string> {
  const files = new Set<string>();
  const visit = (key: string, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const sheet of chunk.css ?? []) files.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported, seen);
  };
  visit(ENTRY, new Set());
  return files;
}

/** The precache entries that are part of the shell; the rest are left to the runtime cache. */
export function keepAppShell<Entry extends ManifestEntry>(entries: Entry[], shell: Set<string>): Entry[] {
  return entries.filter((entry) => shell.has(entry.url));
}

/** A Workbox manifest transform keeping the shell named by the Vite manifest at `viteManifestPath`. */
export function appShellPrecache(viteManifestPath: string): ManifestTransform {
  return async (entries) => {
    const manifest = JSON.parse(await readFile(viteManifestPath, 'utf8')) as ViteManifest;
    const shell = appShellFiles(manifest);
    const manifestEntries = keepAppShell(entries, shell);
    const missing = [...shell].filter((file) => !manifestEntries.some((entry) => entry.url === file));
    // A shell file the glob did not find would make the worker install without it.
    const warnings = missing.map((file) => `${file} is in the app shell but was not found for the precache`);
    return { manifest: manifestEntries, warnings };
  };
}
