// The first-load JavaScript, gzip: what index.html loads on every page before any page's
// own code (the entry chunk and the chunks it imports statically, modulepreloaded). Fails
// above the budget (README "Budgets"). Also prints the home route's own chunks, loaded
// right after. Then the studio's first screen, what studio.html loads, against the
// studio's own budget: the studio is built apart (vite.config.ts, `--mode studio`), with
// a manifest of its own, so neither count includes the other's files. Reads the manifests
// of `npm run build`.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 102 * 1024;
const STUDIO_BUDGET_BYTES = 150 * 1024;
const HOME_ROUTE = 'src/app/routes/home.tsx';
const dist = new URL('../dist/', import.meta.url);
const readManifest = (name) => JSON.parse(readFileSync(new URL(`.vite/${name}`, dist), 'utf8'));
const manifest = readManifest('manifest.json');
const studioManifest = readManifest('studio-manifest.json');

/** The file of `key` in `chunks` (a manifest) and of every chunk it imports statically. */
function collect(key, files = new Set(), chunks = manifest) {
  const chunk = chunks[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files, chunks);
  return files;
}

const kilobytes = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
function report(files) {
  let total = 0;
  for (const file of [...files].sort()) {
    const size = gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;
    total += size;
    console.log(`${kilobytes(size)}  ${file}`);
  }
  return total;
}

if (!manifest[HOME_ROUTE]) {
  console.error(`${HOME_ROUTE} is not in the build manifest`);
  process.exit(1);
}
const firstLoad = collect('index.html');
const total = report(firstLoad);
console.log(`${kilobytes(total)}  first-load JavaScript, gzip (budget ${BUDGET_BYTES / 1024} KB)`);
const homeRoute = [...collect(HOME_ROUTE)].filter((file) => !firstLoad.has(file));
const home = report(homeRoute);
console.log(`${kilobytes(total + home)}  with the home route's own chunks`);

if (!studioManifest['studio.html']) {
  console.error('studio.html is not in the studio build manifest');
  process.exit(1);
}
// The studio's first screens (its start page, an invitation) are in its entry; a screen that
// becomes a chunk of its own is to be counted here with it.
const studio = report(collect('studio.html', new Set(), studioManifest));
console.log(`${kilobytes(studio)}  the studio's first screen, gzip (budget ${STUDIO_BUDGET_BYTES / 1024} KB)`);
if (total > BUDGET_BYTES || studio > STUDIO_BUDGET_BYTES) process.exit(1);
