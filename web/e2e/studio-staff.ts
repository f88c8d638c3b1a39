import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type ConsoleMessage, type Page } from '@playwright/test';
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

/** An editor of the demo site, invited and signed in (as an operator invites on the server). */
export async function signInAsEditor(page: Page, name: string) {
  await signInAs(page, name, 'editor', 'demo');
}

/** A staff member granted `role` on `scope` (a site, then a theater manager's theaters), invited and signed in. */
export async function signInAs(page: Page, name: string, role: string, ...scope: string[]) {
  await page.goto(invitationLink(`${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@chain.example`, role, ...scope));
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Accept without a passkey' }).click();
  await expect(page.getByTestId('studio-staff-name')).toHaveText(`Signed in as ${name}`);
}

/**
 * What the Content-Security-Policy refused on a page, or on every page of a context (the
 * studio's, and the tabs it opens, such as the preview): Chromium reports each in the
 * console.
 */
export function cspViolations(source: { on(event: 'console', listener: (message: ConsoleMessage) => void): unknown }): string[] {
  const refused: string[] = [];
  source.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
  });
  return refused;
}

/**
 * axe-core finds no serious or critical violation on the screen in either colour mode, the
 * system's preference being the studio's (its tokens follow prefers-color-scheme).
 */
export async function expectAccessible(page: Page, screen: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    // Without motion the page takes the mode's colours at once, not through a transition
    // that axe would measure halfway.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe(colorScheme === 'dark' ? 'rgb(14, 14, 14)' : 'rgb(255, 255, 255)');
    const { violations } = await new AxeBuilder({ page }).analyze();
    const severe = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${screen}, ${colorScheme}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
    expect(severe, severe.join('\n')).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
}
