// The server entry's `renderPage`, run in a worker thread (server-render-worker.mjs): a
// test renders there and hydrates here, two React instances as in production, the server
// one without `window`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

export async function startServerRenderer() {
  const worker = new Worker(join(dirname(fileURLToPath(import.meta.url)), 'server-render-worker.mjs'));
  const waiting = new Map();
  let nextId = 0;
  await new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', () => resolve());
  });
  worker.on('message', ({ id, value, error }) => {
    const call = waiting.get(id);
    waiting.delete(id);
    if (error === undefined) {
      call?.resolve(value);
      return;
    }
    const failure = new Error(error.message);
    failure.stack = error.stack;
    call?.reject(failure);
  });
  const call = (name, ...args) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, call: name, args });
    });
  return {
    renderPage: (request) => call('renderPage', request),
    close: async () => {
      await call('close');
      await worker.terminate();
    },
  };
}
