// The first-load JavaScript, gzip: what index.html loads on every page before any page's
// own code (the entry chunk and the chunks it imports statically, modulepreloaded). Fails
// above the budget (README "Budgets"). Also prints the home route's own chunks, loaded
// right after. Reads the manifest of `npm run build`.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 102 * 1024;
const HOME_ROUTE = 'src/app/routes/home.tsx';
const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
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
if (total > BUDGET_BYTES) process.exit(1);
