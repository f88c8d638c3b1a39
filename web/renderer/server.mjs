// The renderer (docs/publishing.md#rendering): React's server renderer behind a small HTTP API,
// which the gateway calls when it publishes the site, never while it answers a visitor.
// Run after `npm run build` (dist/ and dist-server/):
//
//   node web/renderer/server.mjs
//
// RENDERER_ADDR              host:port to listen on (default 127.0.0.1:8093; port 0: any free one)
// WEB_DIST                   the browser build, whose .vite/manifest.json and
//                            .vite/module-chunks.json name each page's chunks (default: the
//                            dist/ beside this folder; a relative path is from the working
//                            directory)
// RENDERER_EXIT_WITH_STDIN=1 exit when standard input ends (run as the gateway's child)
// LOG_FORMAT=json            error lines as JSON, shaped like the Rust services' lines
//
// Once listening it prints one line, `renderer listening on http://HOST:PORT`, and then
// writes only errors, to standard error.
//
// GET  /healthz  -> 200 {"status":"ok"}
// GET  /metrics  -> 200 Prometheus text: renderer_requests_total (render requests
//                   answered) and renderer_pages_total{outcome="rendered"|"failed"}, so
//                   a deployment can see how often each change is rendered
// POST /render   {appData, origin?, pages: [{path, pageData}]}
//             -> 200 {pages: [{path, html, scripts, styleSheets, fontSheets, themeStyle} | {path, error}]}, in order
// Errors: {"error": {code, message}}: 400 bad_request (the message names the field),
// 404 not_found, 405 method_not_allowed, 413 payload_too_large.
import { readFileSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pageFiles } from './page-files.mjs';

export const MAX_BODY_BYTES = 64 * 1024 * 1024;

function reply(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function refuse(response, status, code, message) {
  reply(response, status, { error: { code, message } });
}

/** Writes one error line to standard error: JSON when LOG_FORMAT=json, text otherwise. */
export function logError(message, error) {
  if (process.env.LOG_FORMAT === 'json') {
    const fields = { message };
    if (error !== undefined) fields.error = error instanceof Error ? error.stack ?? error.message : String(error);
    const line = { timestamp: new Date().toISOString(), level: 'ERROR', fields, target: 'renderer' };
    process.stderr.write(`${JSON.stringify(line)}\n`);
  } else {
    console.error(`renderer: ${message}`, ...(error === undefined ? [] : [error]));
  }
}

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with a render request, or undefined. */
export function problemWith(body) {
  if (!isObject(body)) return 'the body must be a JSON object';
  if (!isObject(body.appData)) return 'appData: an object is required';
  if (body.origin !== undefined && (typeof body.origin !== 'string' || !URL.canParse(body.origin))) {
    return 'origin: an absolute URL is required when given';
  }
  if (!Array.isArray(body.pages)) return 'pages: an array is required';
  for (const [index, page] of body.pages.entries()) {
    if (!isObject(page)) return `pages[${index}]: an object is required`;
    if (typeof page.path !== 'string' || !page.path.startsWith('/')) {
      return `pages[${index}].path: a path starting with / is required`;
    }
    if (!isObject(page.pageData)) return `pages[${index}].pageData: an object is required`;
    if (typeof page.pageData.templateName !== 'string') return `pages[${index}].pageData.templateName: a string is required`;
    if (!isObject(page.pageData.data)) return `pages[${index}].pageData.data: an object is required`;
  }
  return undefined;
}

/**
 * The request handler. `entry` is the server entry (`renderPage`, `pageSources`),
 * `manifest` and `moduleChunks` the browser build's, `readAsset` reads one of its files.
 * Renders run one at a time: publishing is not in a hurry, and the machine serves
 * visitors meanwhile.
 */
export function createHandler({
  entry,
  manifest,
  moduleChunks = {},
  readAsset = () => '',
  maxBodyBytes = MAX_BODY_BYTES,
  logError: log = logError,
}) {
  let queue = Promise.resolve();
  const counted = { requests: 0, rendered: 0, failed: 0 };

  async function renderOne(appData, origin, { path, pageData }) {
    try {
      const data = typeof pageData.path === 'string' ? pageData : { ...pageData, path };
      const html = await entry.renderPage({ path, appData, pageData: data, origin });
      const sources = entry.pageSources(pageData, appData);
      const { fontFallbacks, ...files } = pageFiles(manifest, sources, moduleChunks, readAsset);
      return { path, html, ...files, themeStyle: `${fontFallbacks}${sources.themeStyle}` };
    } catch (error) {
      log(`${path} not rendered`, error);
      return { path, error: error instanceof Error ? error.message : String(error) };
    }
  }

  async function render({ appData, origin, pages }) {
    const rendered = [];
    for (const page of pages) rendered.push(await renderOne(appData, origin, page));
    counted.requests += 1;
    for (const page of rendered) counted[page.error === undefined ? 'rendered' : 'failed'] += 1;
    return { pages: rendered };
  }

  /** The body as text, or undefined once 413 has been answered. */
  async function readBody(request, response) {
    if (Number(request.headers['content-length'] ?? 0) > maxBodyBytes) {
      refuse(response, 413, 'payload_too_large', `the body is larger than ${maxBodyBytes} bytes`);
      request.resume();
      return undefined;
    }
    const chunks = [];
    let size = 0;
    for await (const chunk of request) {
      size += chunk.length;
      if (size > maxBodyBytes) {
        refuse(response, 413, 'payload_too_large', `the body is larger than ${maxBodyBytes} bytes`);
        request.resume();
        return undefined;
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handle(request, response) {
    const { pathname } = new URL(request.url ?? '/', 'http://renderer');
    if (pathname === '/healthz') {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return refuse(response, 405, 'method_not_allowed', 'GET /healthz');
      }
      return reply(response, 200, { status: 'ok' });
    }
    if (pathname === '/metrics') {
      if (request.method !== 'GET') return refuse(response, 405, 'method_not_allowed', 'GET /metrics');
      const text = [
        '# HELP renderer_requests_total Render requests answered.',
        '# TYPE renderer_requests_total counter',
        `renderer_requests_total ${counted.requests}`,
        '# HELP renderer_pages_total Pages rendered, by outcome.',
        '# TYPE renderer_pages_total counter',
        `renderer_pages_total{outcome="rendered"} ${counted.rendered}`,
        `renderer_pages_total{outcome="failed"} ${counted.failed}`,
        '',
      ].join('\n');
      response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4', 'content-length': Buffer.byteLength(text) });
      return response.end(text);
    }
    if (pathname !== '/render') return refuse(response, 404, 'not_found', `no route ${pathname}`);
    if (request.method !== 'POST') return refuse(response, 405, 'method_not_allowed', 'POST /render');
    const text = await readBody(request, response);
    if (text === undefined) return undefined;
    let body;
    try {
      body = JSON.parse(text);
    } catch (error) {
      return refuse(response, 400, 'bad_request', `the body is not JSON: ${error.message}`);
    }
    const problem = problemWith(body);
    if (problem) return refuse(response, 400, 'bad_request', problem);
    const rendered = queue.then(() => render(body));
    queue = rendered.catch(() => undefined);
    return reply(response, 200, await rendered);
  }

  return (request, response) => {
    handle(request, response).catch((error) => {
      log('a request failed', error);
      if (!response.headersSent) refuse(response, 500, 'internal', 'the renderer failed; see its log');
      else response.destroy();
    });
  };
}

/** `[host, port]` of `host:port` or `[v6]:port`. */
function parseAddress(text) {
  const match = /^\[?([^\]]*?)\]?:(\d+)$/.exec(text);
  if (!match) throw new Error(`RENDERER_ADDR: host:port expected, got '${text}'`);
  return [match[1], Number(match[2])];
}

/** The server build and the browser build's manifests, which `npm run build` writes. */
async function loadBuild(web, dist) {
  try {
    const entry = await import(pathToFileURL(join(web, 'dist-server', 'entry-server.js')).href);
    const readJson = async (name) => JSON.parse(await readFile(join(dist, '.vite', name), 'utf8'));
    const [manifest, moduleChunks] = await Promise.all([readJson('manifest.json'), readJson('module-chunks.json')]);
    const assets = new Map();
    const readAsset = (file) => {
      if (!assets.has(file)) assets.set(file, readFileSync(join(dist, file), 'utf8'));
      return assets.get(file);
    };
    return { entry, manifest, moduleChunks, readAsset };
  } catch (error) {
    throw new Error(`the build is missing or broken (run \`npm run build\` in web/): ${error.message}`);
  }
}

/** Listens as the environment says (see the top of this file). */
async function main() {
  if (process.env.RENDERER_EXIT_WITH_STDIN === '1') {
    process.stdin.on('end', () => process.exit(0));
    process.stdin.on('close', () => process.exit(0));
    process.stdin.resume();
  }
  const web = join(dirname(fileURLToPath(import.meta.url)), '..');
  const dist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(web, 'dist');
  const [host, port] = parseAddress(process.env.RENDERER_ADDR || '127.0.0.1:8093');
  const server = createServer(createHandler(await loadBuild(web, dist)));
  server.on('error', (error) => {
    logError('cannot listen', error);
    process.exit(1);
  });
  server.listen(port, host, () => {
    const { port: bound } = server.address();
    const shownHost = host.includes(':') ? `[${host}]` : host;
    process.stdout.write(`renderer listening on http://${shownHost}:${bound}\n`);
  });
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      server.close(() => process.exit(0));
      server.closeAllConnections();
    });
  }
}

// Run as a program; imported (by the tests), it only lends its request handler.
if (process.argv[1] && pathToFileURL(realpathSync(process.argv[1])).href === import.meta.url) {
  main().catch((error) => {
    logError(`cannot start: ${error.message}`);
    process.exit(1);
  });
}
