// The renderer's HTTP API on a free port, rendering with the server entry from the
// sources (in a worker thread, as the renderer process would) and a build manifest of
// the shape `vite build` writes.
import { createServer, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSources } from '../src/entry-server';
import { startServerRenderer } from '../src/testing/server-render.mjs';
import { appData, publishedPages } from '../src/testing/published-site';
import { createHandler } from './server.mjs';

const manifest = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, css: ['assets/index-e1.css'], imports: ['_react-r1.js'] },
  '_react-r1.js': { file: 'assets/react-r1.js' },
  '_page-parts-p1.js': { file: 'assets/page-parts-p1.js', css: ['assets/page-parts-p1.css'], imports: ['index.html'] },
  'src/app/routes/movie.tsx': {
    file: 'assets/movie-m1.js',
    isDynamicEntry: true,
    css: ['assets/movie-m1.css'],
    imports: ['_react-r1.js', 'index.html', '_page-parts-p1.js'],
  },
  'src/app/site-theme.tsx': { file: 'assets/theme-style-t1.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/app/layout/third-party-layer.tsx': {
    file: 'assets/third-party-layer-l1.js',
    isDynamicEntry: true,
    css: ['assets/third-party-layer-l1.css'],
    imports: ['index.html', '_page-parts-p1.js'],
  },
  'src/app/layout/site-footer.tsx': { file: 'assets/site-footer-f1.js', isDynamicEntry: true, css: ['assets/site-footer-f1.css'] },
  '_loyalty-session-s1.js': { file: 'assets/loyalty-session-s1.js', imports: ['index.html'] },
  'src/features/loyalty/components/member-entry.tsx': {
    file: 'assets/member-entry-e1.js',
    isDynamicEntry: true,
    css: ['assets/member-entry-e1.css'],
    imports: ['_loyalty-session-s1.js'],
  },
  'src/features/loyalty/components/member-access.tsx': {
    file: 'assets/member-access-a1.js',
    isDynamicEntry: true,
    css: ['assets/member-access-a1.css'],
    imports: ['_loyalty-session-s1.js', 'src/features/loyalty/components/member-entry.tsx'],
  },
  'src/features/loyalty/components/watchlist-button.tsx': {
    file: 'assets/watchlist-button-w1.js',
    isDynamicEntry: true,
    imports: ['_loyalty-session-s1.js'],
  },
  // The theme's body font; its heading font (Montserrat) is one the build does not have.
  'node_modules/@fontsource/lato/400.css': { file: 'assets/400-a1.css', src: 'node_modules/@fontsource/lato/400.css' },
};

// The built font style sheet: the metric-matched fallback face, then a face per subset.
const builtAssets = {
  'assets/400-a1.css':
    '@font-face{font-family:Lato fallback;src:local(Arial)}' +
    '@font-face{font-family:Lato;src:url(/assets/lato-latin-ext-400-normal-X1.woff2)format("woff2")}' +
    '@font-face{font-family:Lato;src:url(/assets/lato-latin-400-normal-L1.woff2)format("woff2")}',
};

// The not-found screen, which other routes show too, went into the shared chunk.
const moduleChunks = { 'src/app/routes/not-found.tsx': 'assets/page-parts-p1.js' };

let server;
let renderer;
let base;

/** `{status, body}` of one request (node:http: the test environment's fetch is a browser's). */
function call(method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...headers } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const json = response.headers['content-type'] === 'application/json';
        resolve({ status: response.statusCode, type: response.headers['content-type'], body: text && json ? JSON.parse(text) : text || undefined });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const post = (body) => call('POST', '/render', typeof body === 'string' ? body : JSON.stringify(body));

beforeAll(async () => {
  renderer = await startServerRenderer();
  const entry = { renderPage: renderer.renderPage, pageSources };
  const readAsset = (file) => builtAssets[file] ?? '';
  server = createServer(
    createHandler({ entry, manifest, moduleChunks, readAsset, maxBodyBytes: 1024 * 1024, logError: () => undefined }),
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await renderer.close();
});

describe('the renderer', () => {
  it('answers its health check', async () => {
    expect(await call('GET', '/healthz')).toEqual({ status: 200, type: 'application/json', body: { status: 'ok' } });
  });

  it('counts the pages it renders and fails on its metrics', async () => {
    const count = async (line) => {
      const { status, type, body } = await call('GET', '/metrics');
      expect(status).toBe(200);
      expect(type).toBe('text/plain; version=0.0.4');
      const found = body.split('\n').find((text) => text.startsWith(`${line} `));
      return Number(found?.slice(line.length + 1));
    };
    const before = await Promise.all(['renderer_requests_total', 'renderer_pages_total{outcome="rendered"}', 'renderer_pages_total{outcome="failed"}'].map(count));
    const movie = publishedPages.movie;
    await post({
      appData,
      pages: [
        { path: movie.path, pageData: movie },
        { path: '/nowhere/', pageData: { path: '/nowhere/', templateName: 'nope', data: {} } },
      ],
    });
    await post({ appData, pages: 'none' });
    const after = await Promise.all(['renderer_requests_total', 'renderer_pages_total{outcome="rendered"}', 'renderer_pages_total{outcome="failed"}'].map(count));
    expect(after.map((value, index) => value - before[index])).toEqual([1, 1, 1]);
    expect((await call('POST', '/metrics', '{}')).status).toBe(405);
  });

  it('renders a batch in order, a bad page failing alone, naming the files each page needs', async () => {
    const movie = publishedPages.movie;
    const { status, body } = await post({
      appData,
      origin: 'https://www.marqueecinemas.example',
      pages: [
        { path: movie.path, pageData: movie },
        { path: '/nowhere/', pageData: { path: '/nowhere/', templateName: 'nope', data: {} } },
        { path: '/404.html', pageData: publishedPages.notFound },
      ],
    });
    expect(status).toBe(200);
    const [good, bad, notFound] = body.pages;
    expect(good.path).toBe(movie.path);
    expect(good.html).toMatch(/<h1[^>]*>The Long Night<\/h1>/);
    expect(good.html).toContain('href="https://tickets.marqueecinemas.example/sales/MQRF/book?perfcode=1"');
    // The route and the first screen's lazy parts, with what they import, beyond the entry's.
    expect(good.scripts).toEqual([
      '/assets/page-parts-p1.js',
      '/assets/movie-m1.js',
      '/assets/theme-style-t1.js',
      '/assets/third-party-layer-l1.js',
    ]);
    // Style sheets for all the server rendered (the footer's and the member menu's too).
    expect(good.styleSheets).toEqual([
      '/assets/page-parts-p1.css',
      '/assets/movie-m1.css',
      '/assets/third-party-layer-l1.css',
      '/assets/site-footer-f1.css',
      '/assets/member-entry-e1.css',
      '/assets/member-access-a1.css',
    ]);
    // The theme's font sheets load after the first paint, which the fallback faces they
    // declare set, ahead of the theme's tokens.
    expect(good.fontSheets).toEqual(['/assets/400-a1.css']);
    expect(good.themeStyle).toMatch(/^@font-face\{font-family:Lato fallback;src:local\(Arial\)\}:root/);
    expect(good.themeStyle).not.toContain('woff2');
    expect(bad).toEqual({ path: '/nowhere/', error: "unknown templateName 'nope'" });
    expect(notFound.html).toContain('data-testid="not-found"');
    expect(notFound.scripts[0]).toBe('/assets/page-parts-p1.js');
  });

  it('names what is wrong with a request', async () => {
    const malformed = await post('{"appData": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('bad_request');
    expect(malformed.body.error.message).toMatch(/^the body is not JSON/);
    const missing = await post({ appData, pages: [{ path: '/' }] });
    expect(missing).toMatchObject({ status: 400, body: { error: { message: 'pages[0].pageData: an object is required' } } });
    const noPages = await post({ appData });
    expect(noPages.body.error.message).toBe('pages: an array is required');
    const badPath = await post({ appData, pages: [{ path: 'movies', pageData: publishedPages.home }] });
    expect(badPath.body.error.message).toBe('pages[0].path: a path starting with / is required');
  });

  it('refuses a body over its limit', async () => {
    const huge = await post({ appData, pages: [], padding: 'x'.repeat(1024 * 1024) });
    expect(huge).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large' } } });
  });

  it('knows only its routes', async () => {
    const unknown = await call('GET', '/elsewhere');
    expect(unknown).toMatchObject({ status: 404, type: 'application/json', body: { error: { code: 'not_found' } } });
    expect((await call('GET', '/render')).status).toBe(405);
  });
});
