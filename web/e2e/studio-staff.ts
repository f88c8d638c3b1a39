import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { e2eDataDir } from './gateways';

// The studio of the demo chain's gateway (playwright.config.ts: STUDIO_HOSTS), on its own
// host: Chromium resolves *.localhost to loopback.
export const studioPort = Number(process.env.E2E_PORT ?? 8090);
export const studioOrigin = `http://studio.localhost:${studioPort}`;

/**
 * A new invitation link, made as an operator makes one on the server: the `svc-studio
 * invite` command on the test gateway's store (its DATA_DIR) and studio address.
 */
export function invitationLink(...words: string[]): string {
  return execFileSync('target/debug/svc-studio', ['invite', ...words], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, DATA_DIR: e2eDataDir(studioPort), STUDIO_URL: studioOrigin },
    encoding: 'utf8',
  }).trim();
}
