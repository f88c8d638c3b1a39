// How soon a theme edit in the studio shows in its framed preview, and a published one on
// the public site: Debian's Chromium through Playwright, the studio's CPU slowed
// PREVIEW_CPU_SLOWDOWN times (default 1: staff at a desk).
// - Live: for each of PREVIEW_RUNS colours (default 15) typed into the look screen's
//   Primary field, from that input event to the first frame in which the site in the
//   preview frame paints with it (target 100 ms, issue 47). Both ends are read on the
//   machine's one clock (performance.timeOrigin + the event's or frame's time).
// - Published: the last colour saved to the draft and published, from the publish's
//   answer to the public site's app data naming it (target 3 s on the demo chain), then
//   the colour before published again.
// A measurement, not a test: make test does not run it.
// Usage: node scripts/preview-latency.mjs INVITATION_URL [SITE_ID, default demo]
//   INVITATION_URL: a studio invitation for an editor or admin of the site, which the
//   script accepts without a passkey (make run: `cargo run -p svc-studio -- invite
//   someone@chain.example editor demo`, or data/studio/first-operator.url at a first start).
import { chromium } from '@playwright/test';

/* global document, getComputedStyle, requestAnimationFrame -- in the page's functions */

const invitation = process.argv[2];
if (!invitation) throw new Error('usage: node scripts/preview-latency.mjs INVITATION_URL [SITE_ID]');
const siteId = process.argv[3] ?? 'demo';
const studio = new URL(invitation).origin;
const slowdown = Number(process.env.PREVIEW_CPU_SLOWDOWN ?? 1);
const runs = Number(process.env.PREVIEW_RUNS ?? 15);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`PREVIEW_RUNS must be a whole number above 0, not ${runs}`);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** `runs` colours, each unlike the one before: #RRGGBB. */
const colours = Array.from({ length: runs }, (_, index) => `#${((index + 1) * 0x2a5f3d).toString(16).slice(-6).padStart(6, '0').toUpperCase()}`);

/** Resolves, in the frame, at the first animation frame whose root paints `colour` as --color-primary. */
function paintedWith(colour) {
  return new Promise((resolve) => {
    const check = () => {
      const shown = getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim().toUpperCase();
      if (shown === colour) resolve(performance.timeOrigin + performance.now());
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(invitation);
  await page.getByLabel('Your name').fill('Preview Timer');
  await page.getByRole('button', { name: 'Accept without a passkey' }).click();
  await page.getByTestId('studio-staff-name').waitFor();
  await page.goto(`${studio}/sites/${siteId}/look`);
  const preview = page.locator('iframe[title^="Preview of"]');
  await preview.waitFor();
  const frame = await (await preview.elementHandle()).contentFrame();
  const field = page.getByRole('textbox', { name: 'Primary', exact: true });
  const before = (await field.inputValue()).toUpperCase();
  // The site in the frame has mounted and been sent the look.
  await frame.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() !== '');
  await frame.evaluate(paintedWith, before);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });

  const times = [];
  for (const colour of colours) {
    const painted = frame.evaluate(paintedWith, colour);
    // When the field's input event comes, on the machine's clock.
    await field.evaluate((input) => {
      input.inputAt = new Promise((resolve) => {
        input.addEventListener('input', (event) => resolve(performance.timeOrigin + event.timeStamp), { once: true });
      });
    });
    await field.fill(colour);
    const inputAt = field.evaluate((input) => input.inputAt);
    const time = (await painted) - (await inputAt);
    times.push(time);
    console.log(`${colour}  ${time.toFixed(0).padStart(4)} ms`);
  }
  console.log(`median ${median(times).toFixed(0)} ms over ${times.length} edits, CPU ${slowdown}x slower (target 100 ms)`);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  // The calls go from the studio's page, and the public site is read from a page of its
  // own: the browser resolves *.localhost, and sends the studio's cookie and Origin.
  const { publicUrl } = await page.evaluate(async (site) => {
    const sites = await (await fetch('/studio/api/v1/sites')).json();
    return sites.find((each) => each.id === site);
  }, siteId);
  const site = await context.newPage();
  await site.goto(publicUrl);

  /** Saves `colour` to the draft, publishes it, and answers how long the public site took to name it. */
  const published = async (colour) => {
    const problem = await page.evaluate(
      async ({ siteId, colour }) => {
        const sent = async (method, path, type, body) => {
          const answer = await fetch(`/studio/api/v1/sites/${siteId}${path}`, { method, headers: { 'Content-Type': type }, body });
          return answer.ok ? '' : `${method} ${path}: ${answer.status} ${await answer.text()}`;
        };
        const patch = JSON.stringify({ config: { theme: { palette: { primary: colour } } } });
        return (
          (await sent('PATCH', '/draft/site', 'application/merge-patch+json', patch)) ||
          (await sent('POST', '/draft/publish', 'application/json', '{}'))
        );
      },
      { siteId, colour },
    );
    if (problem) throw new Error(problem);
    return site.evaluate(async (colour) => {
      const answeredAt = performance.now();
      for (;;) {
        const appData = await (await fetch('/page-data/app-data.json', { cache: 'no-store' })).json();
        if (appData.site?.config?.theme?.palette?.primary?.toUpperCase() === colour) return performance.now() - answeredAt;
        if (performance.now() - answeredAt > 60_000) throw new Error(`the site did not show ${colour} within 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }, colour);
  };
  const last = colours.at(-1);
  console.log(`published ${last}: on the public site ${(await published(last)).toFixed(0)} ms after the publish's answer (target 3,000 ms on the demo chain)`);
  await published(before);
} finally {
  await browser.close();
}
