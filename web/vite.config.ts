import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The gateway serves the JSON API, page data and posters; in development Vite
// forwards those paths to a gateway running locally.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command }) => ({
  plugins: [react()],
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
