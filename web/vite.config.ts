import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// The gateway serves the JSON API, page data and posters; in development Vite
// forwards those paths to a gateway running locally.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

/** Whether the entry imports `id`, directly or through other static imports. */
function inFirstChunk(id: string, ctx: ChunkingContext, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const info = ctx.getModuleInfo(id);
  if (!info) return false;
  return info.isEntry || info.importers.some((importer) => inFirstChunk(importer, ctx, seen));
}

/**
 * Each script, style sheet and image under assets/ also as `.br`, Brotli at its best
 * quality, which the gateway sends to browsers that take it: compression on the fly has
 * to be quick, and leaves the first-load script about 15 % larger.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle({ dir = 'dist' }, bundle) {
      const files = Object.keys(bundle).filter((file) => /^assets\/.*\.(js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
          await writeFile(`${path}.br`, brotliCompressSync(await readFile(path), { params: quality }));
        }),
      );
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // react-router's package exports send every import condition to its development
      // build (extra checks and warnings); production builds take the production one.
      ...(command === 'build'
        ? {
            'react-router': fileURLToPath(
              new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
            ),
          }
        : {}),
    },
  },
  server: {
    proxy: {
      '/api': gateway,
      '/page-data': gateway,
      '/posters': gateway,
    },
  },
  build: {
    target: 'es2022',
    // Every browser the site supports knows <link rel=modulepreload>; the polyfill would
    // only add to the first-load script.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: scripts/check-bundle-size.mjs follows the chunk graph.
    manifest: true,
    // Fonts stay files: the Content-Security-Policy allows fonts from 'self', not data: URLs.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // The loyalty session code the header, the login page, the movie page and the
          // member area share: one chunk rather than many, each of which the first-load
          // code would have to name. The member area's own endpoints (the other api/
          // files) and the barcode drawing stay in its chunk, which every page need not load.
          groups: [
            {
              name: 'loyalty-session',
              test: /src\/features\/loyalty\/(hooks\/|utils\/(?!barcode)|api\/(call-cypher|loyalty-api|loyalty-keys|get-favourite-films|toggle-favourite-film)\.ts|components\/(member-session|header-member-link|member-field)\.tsx)/,
            },
            // What pages share (posters, cards, movie and showtime parts, page titles): one
            // chunk rather than a dozen small ones, each a request before the page can
            // render. Consent, ads and analytics keep theirs: this chunk must not import
            // the third-party layer, whose code may fail to load without taking pages down.
            {
              name: (id, ctx) => (inFirstChunk(id, ctx) ? null : 'page-parts'),
              minShareCount: 2,
              test: /[\\/]src[\\/](?!app[\\/]layout[\\/]|features[\\/](ads|analytics|consent|customisation|loyalty)[\\/])/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));
