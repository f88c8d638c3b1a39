// @vitest-environment node
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appShellFiles, appShellPrecache, keepAppShell, type ViteManifest } from './app-shell-precache';

// The shape of a real build's manifest: the entry with its style sheet and static imports,
// a route loaded on demand, a font style sheet and its woff2 file.
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    css: ['assets/index-b2.css'],
    imports: ['_react-c3.js', '_api-client-d4.js'],
  },
  '_react-c3.js': { file: 'assets/react-c3.js' },
  '_api-client-d4.js': { file: 'assets/api-client-d4.js', imports: ['_react-c3.js'] },
  'src/app/routes/home.tsx': { file: 'assets/home-e5.js', css: ['assets/home-f6.css'], imports: ['_react-c3.js'] },
  'node_modules/@fontsource/lato/400.css': { file: 'assets/400-g7.css' },
};

const entry = (url: string) => ({ url, revision: null, size: 1000 });

describe('the app shell the service worker precaches', () => {
  it('is the entry, what it imports statically, recursively, and their style sheets', () => {
    expect([...appShellFiles(manifest)].sort()).toEqual([
      'assets/api-client-d4.js',
      'assets/index-a1.js',
      'assets/index-b2.css',
      'assets/react-c3.js',
    ]);
  });

  it('is empty without the entry', () => {
    expect(appShellFiles({})).toEqual(new Set());
  });

  it.each([
    ['assets/index-a1.js', true],
    ['assets/index-b2.css', true],
    ['assets/home-e5.js', false],
    ['assets/home-f6.css', false],
    ['assets/400-g7.css', false],
    ['assets/lato-latin-400-normal-h8.woff2', false],
    ['index.html', false],
    ['favicon.svg', false],
  ])('%s precached: %s', (url, precached) => {
    expect(keepAppShell([entry(url)], appShellFiles(manifest))).toHaveLength(precached ? 1 : 0);
  });

  it('reads the build manifest and warns of a shell file the glob did not find', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'app-shell-'));
    const path = join(dir, 'manifest.json');
    await writeFile(path, JSON.stringify(manifest));
    const found = ['assets/index-a1.js', 'assets/index-b2.css', 'assets/react-c3.js', 'assets/home-e5.js'].map(entry);
    const result = await appShellPrecache(path)(found);
    expect(result.manifest.map((precached) => precached.url)).toEqual([
      'assets/index-a1.js',
      'assets/index-b2.css',
      'assets/react-c3.js',
    ]);
    expect(result.warnings).toEqual(['assets/api-client-d4.js is in the app shell but was not found for the precache']);
  });
});
