import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import type { Plugin, ProxyOptions, UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { appShellPrecache } from './build/app-shell-precache.ts';
import { fontCategories, fontSheets } from './build/font-sheets.ts';

// The gateway serves the JSON API, page data and posters; in development Vite
// forwards those paths to a gateway running locally.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * A CSS module's class name from its file's path and its own name alone, so the browser
 * build, the server build (whose markup the browser hydrates) and the tests name every
 * class alike.
 */
function scopedClassName(name: string, filename: string): string {
  const file = relative(webRoot, filename.split('?')[0] ?? filename);
  return `_${name}_${createHash('sha256').update(file).digest('base64url').slice(0, 5)}`;
}

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

/**
 * `dist/.vite/module-chunks.json`: the chunk each source module went into. Vite's manifest
 * names only the modules a chunk starts from; a route shared by others (the not-found
 * screen) lives in a shared chunk, and the renderer (renderer/page-files.mjs) finds it here.
 */
function moduleChunks(): Plugin {
  return {
    name: 'module-chunks',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const source = relative(webRoot, id.split('?')[0] ?? id);
          if (source.startsWith('src/')) chunks[source] = output.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: '.vite/module-chunks.json', source: `${JSON.stringify(chunks, null, 2)}\n` });
    },
  };
}

/**
 * `dist/sw.js`, the service worker, from `src/sw.ts`: Workbox's modules bundled into one
 * classic script, with the precache manifest of this build, the app shell, injected. The
 * app registers it itself (lib/service-worker.ts) and has no web app manifest.
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      rollupFormat: 'iife',
      globDirectory: 'dist',
      // The shell's candidates; the transform keeps the files index.html loads.
      globPatterns: ['assets/*.{js,css}'],
      manifestTransforms: [appShellPrecache(join(webRoot, 'dist/.vite/manifest.json'))],
      // Hashed names: no revision parameter needed.
      dontCacheBustURLsMatching: /^assets\//,
    },
  });
}

/**
 * The studio's development server (`npm run dev:studio`): the studio answers every address
 * with studio.html, as the gateway does on a studio host (DESIGN.md section 13), so its
 * routes (`/`, `/invitation?token=...`) load the studio rather than the public site.
 */
function studioPages(): Plugin {
  return {
    name: 'studio-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split('?')[0] ?? '/';
        const page = request.method === 'GET' && request.headers.accept?.includes('text/html');
        if (page && !path.startsWith('/studio/api/') && !path.startsWith('/@') && !/\.\w+$/.test(path)) {
          request.url = `/studio.html${request.url?.slice(path.length) ?? ''}`;
        }
        next();
      });
    },
  };
}

// The studio's JSON API, forwarded in development to a gateway whose STUDIO_HOSTS names
// studio.localhost, as that host and origin: the gateway serves the studio on its hosts
// alone and refuses a state-changing call from any other origin.
const studioGateway = process.env.STUDIO_GATEWAY_URL ?? 'http://127.0.0.1:8080';
const studioHost = process.env.STUDIO_HOST ?? `studio.localhost:${new URL(studioGateway).port || '80'}`;
const studioProxy: Record<string, ProxyOptions> = {
  '/studio/api': { target: studioGateway, headers: { host: studioHost, origin: `http://${studioHost}` } },
};

/** The settings shared by the site's browser build and the studio's. */
const assetNames = {
  // The first-load script names every chunk it may load: seven hash characters (42
  // bits) tell builds apart as well as eight, a byte less a name.
  entryFileNames: 'assets/[name]-[hash:7].js',
  chunkFileNames: 'assets/[name]-[hash:7].js',
};

/**
 * The studio (`vite build --mode studio`, after the site's build, into the same dist/):
 * studio.html and its own chunks under assets/, with a manifest of their own
 * (`.vite/studio-manifest.json`), so the site's chunks, its service worker's app shell,
 * its manifest (which the renderer reads) and its first-load budget are those of a build
 * without the studio. A build of both entries at once would share React and the shared
 * components between them in chunks of their own, and change what every public page loads.
 */
const studioBuild: UserConfig['build'] = {
  target: 'es2022',
  emptyOutDir: false,
  copyPublicDir: false,
  modulePreload: { polyfill: false },
  manifest: '.vite/studio-manifest.json',
  // Every asset a file under assets/: the studio's Content-Security-Policy takes images
  // and fonts from 'self' (images from data: too, but a file is cached once for all).
  assetsInlineLimit: 0,
  rolldownOptions: {
    input: { studio: fileURLToPath(new URL('./studio.html', import.meta.url)) },
    output: assetNames,
  },
};

// The browser build, which the gateway serves from dist/.
const browserBuild: UserConfig['build'] = {
  target: 'es2022',
  // Every browser the site supports knows <link rel=modulepreload>; the polyfill would
  // only add to the first-load script.
  modulePreload: {
    polyfill: false,
    // What a lazy chunk needs before it runs: its style sheets, and the page parts most
    // pages share (fetched beside the page's own chunk). Its other imports load as its
    // code asks for them; naming each in the first-load script cost more than it saved.
    resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css') || dep.includes('/page-parts-')),
  },
  // dist/.vite/manifest.json: scripts/check-bundle-size.mjs follows the chunk graph.
  manifest: true,
  // Fonts stay files: the Content-Security-Policy allows fonts from 'self', not data: URLs.
  assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
  rolldownOptions: {
    output: {
      ...assetNames,
      codeSplitting: {
        includeDependenciesRecursively: false,
        // The loyalty session code the header, the login page, the movie page and the
        // member area share (the session's own calls among it): one chunk rather than
        // many, each of which the first-load code would have to name. The member area's
        // own endpoints (the other api/ files) and the barcode drawing stay in its chunk,
        // which every page need not load.
        groups: [
          // A member's alerts with Web Push (docs/loyalty.md#alerts): what the alerts screen
          // and the watchlist's offer of alerts share, in one chunk that only they load.
          {
            name: 'alerts',
            test: /src\/(lib\/web-push|features\/loyalty\/(hooks\/use-(save-alert-choices|device-push)|api\/(update-alert-preferences|push-subscription)))\.ts/,
          },
          {
            name: 'loyalty-session',
            test: /src\/features\/loyalty\/(hooks\/(?!use-alerts-offer)|utils\/(?!barcode)|api\/(call-cypher|loyalty-api|loyalty-keys|get-favourite-films|toggle-favourite-film|session-calls|login|login-with-token|get-member|refresh-login|logout|check-hand-off-token)\.ts|components\/(member-session|header-member-link|member-field)\.tsx)/,
          },
          // What pages share (posters, cards, movie and showtime parts, page titles): one
          // chunk rather than a dozen small ones, each a request before the page can
          // render. Consent, ads and analytics keep theirs: this chunk must not import
          // the third-party layer, whose code may fail to load without taking pages down.
          // The service worker's registration keeps its own too: it loads after the page
          // (main.tsx), and with the alerts chunk, never with the page.
          {
            name: (id, ctx) => (inFirstChunk(id, ctx) ? null : 'page-parts'),
            minShareCount: 2,
            test: /[\\/]src[\\/](?!app[\\/]layout[\\/]|lib[\\/]service-worker\.ts|features[\\/](ads|analytics|consent|customisation|loyalty)[\\/])/,
          },
        ],
      },
    },
  },
};

/** The mode of the studio's build and development server (`--mode studio`). */
const STUDIO_MODE = 'studio';

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  // The server build (`vite build --ssr`) is the renderer's own: nothing in it is served.
  // Both set the theme's font stacks from the families' kinds (fontCategories). The
  // studio's build has no site theme, fonts or service worker.
  plugins:
    mode === STUDIO_MODE
      ? [react(), precompress(), studioPages()]
      : isSsrBuild
        ? [react(), fontCategories()]
        : [react(), fontSheets(), fontCategories(), precompress(), moduleChunks(), serviceWorker()],
  // The server build carries React's production build alone, whatever the renderer's
  // environment says.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  css: { modules: { generateScopedName: scopedClassName } },
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
  // The server build (`vite build --ssr`, for the renderer) carries its dependencies,
  // so the renderer runs from dist-server/ without node_modules.
  ssr: { noExternal: command === 'build' ? true : undefined },
  server: {
    proxy:
      mode === STUDIO_MODE
        ? studioProxy
        : {
            '/api': gateway,
            '/page-data': gateway,
            '/posters': gateway,
          },
  },
  build:
    mode === STUDIO_MODE
      ? studioBuild
      : isSsrBuild
        ? { target: 'node20', copyPublicDir: false, rolldownOptions: { output: { inlineDynamicImports: true } } }
        : browserBuild,
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'renderer/**/*.test.mjs', 'build/**/*.test.ts'],
    // CSS modules named as the builds name them (the renderer test hydrates built markup);
    // the studio's tokens, whose text their test reads (src/studio/styles/tokens.test.ts).
    css: { include: [/\.module\.css$/, /src\/studio\/styles\/studio\.css/], modules: { classNameStrategy: 'scoped' } },
  },
}));
