// The server side of the hydration tests, in a thread of its own: its own React, router
// and query library, and no `window`, as in the renderer process. Vite loads the server
// entry from the sources (`src/entry-server.tsx`) as `vite build --ssr` would build it.
import { parentPort } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const vite = await createServer({
  root,
  configFile: `${root}/vite.config.ts`,
  appType: 'custom',
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const entry = await vite.ssrLoadModule('/src/entry-server.tsx');

parentPort.on('message', async ({ id, call, args }) => {
  if (call === 'close') {
    await vite.close();
    parentPort.postMessage({ id });
    return;
  }
  try {
    parentPort.postMessage({ id, value: await entry[call](...args) });
  } catch (error) {
    const { message, stack } = error instanceof Error ? error : { message: String(error) };
    parentPort.postMessage({ id, error: { message, stack } });
  }
});
parentPort.postMessage({ ready: true });
