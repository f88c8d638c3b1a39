import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// E2E_PORT lets two test runs share a machine.
const port = Number(process.env.E2E_PORT ?? 8090);
const baseURL = `http://127.0.0.1:${port}`;

// Debian's Chromium: no browser download is possible on these machines
// (TOOLCHAIN.md "Front end").
const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, launchOptions: chromium },
    },
  ],
  // The gateway in embedded mode serves web/dist and the demo site bundle, so the
  // tests drive the real stack. Build the app first (`npm run build`; `npm run e2e`
  // does it through the pree2e script).
  webServer: {
    command: 'cargo run -q -p gateway -- --embedded',
    cwd: repoRoot,
    env: {
      GATEWAY_ADDR: `127.0.0.1:${port}`,
      SITE_DIR: 'site/demo',
      WEB_DIST: 'web/dist',
    },
    url: `${baseURL}/healthz`,
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
