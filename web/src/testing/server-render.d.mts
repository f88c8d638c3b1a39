import type { RenderRequest } from '@/entry-server';

export type ServerRenderer = {
  renderPage: (request: RenderRequest) => Promise<string>;
  close: () => Promise<void>;
};

export function startServerRenderer(): Promise<ServerRenderer>;
