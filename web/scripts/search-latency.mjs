// How soon the header's search shows its first results after a keystroke, on a throttled
// phone: Debian's Chromium through Playwright, a phone's viewport and its CPU slowed
// SEARCH_CPU_SLOWDOWN times (default 4, Lighthouse's mobile profile). For each of
// SEARCH_RUNS words (default 15, the first two letters of the catalogue's titles and
// theater names, each typed once so no answer comes from the cache) it types the first
// letter, then times the second, the one that makes the words long enough to look up:
// from that key's event to the first frame after the results are in the list. Prints
// each time and the median (target 100 ms). A measurement, not a test: make test does
// not run it.
// Usage: node scripts/search-latency.mjs [base URL, default http://127.0.0.1:8090]
import { chromium } from '@playwright/test';

/* global document, MutationObserver, requestAnimationFrame -- in the page's functions */

const base = process.argv[2] ?? process.env.GATEWAY_URL ?? 'http://127.0.0.1:8090';
const slowdown = Number(process.env.SEARCH_CPU_SLOWDOWN ?? 4);
const runs = Number(process.env.SEARCH_RUNS ?? 15);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`SEARCH_RUNS must be a whole number above 0, not ${runs}`);

const titles = [
  ...(await (await fetch(`${base}/api/v1/movies`)).json()).map((movie) => movie.title),
  ...(await (await fetch(`${base}/api/v1/theaters`)).json()).map((theater) => theater.name),
];
const words = [...new Set(titles.map((title) => title.slice(0, 2).toLowerCase()).filter((word) => /^\p{L}{2}$/u.test(word)))];
if (words.length === 0) throw new Error(`${base} has no movie or theater to search for`);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  // Hydrated once the consent banner's buttons work; a choice keeps it out of the way.
  await page.getByTestId('consent-banner').getByRole('button').first().click();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  const field = page.locator('#site-search');
  await field.focus();
  await page.waitForFunction(() => document.querySelector('#site-search')?.getAttribute('role') === 'combobox');
  const times = [];
  for (const word of words.slice(0, runs)) {
    await field.fill('');
    // The list closed and its status spoken for the last words: what comes next is new.
    await page.waitForFunction(() => {
      const field = document.querySelector('#site-search');
      return field.getAttribute('aria-expanded') !== 'true' && !field.parentElement.querySelector('[role=status]').textContent;
    });
    await field.press(word[0]);
    const shown = page.evaluate(
      () =>
        new Promise((resolve) => {
          let keyAt;
          document.querySelector('#site-search').addEventListener('keydown', (event) => (keyAt = event.timeStamp), { once: true });
          const field = document.querySelector('#site-search');
          const listbox = document.getElementById(field.getAttribute('aria-controls'));
          const status = field.parentElement.querySelector('[role=status]');
          // The status speaks once the answer for these words is in (the list may show
          // the last words' hits while it is asked for).
          const observer = new MutationObserver(() => {
            if (keyAt === undefined || !status.textContent || listbox.closest('[hidden]')) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - keyAt));
          });
          observer.observe(field.parentElement, { subtree: true, childList: true, characterData: true, attributes: true });
        }),
    );
    await field.press(word[1]);
    const time = await shown;
    times.push(time);
    console.log(`"${word}"  ${time.toFixed(0).padStart(4)} ms`);
  }
  console.log(`median ${median(times).toFixed(0)} ms over ${times.length} searches, CPU ${slowdown}x slower (target 100 ms)`);
} finally {
  await browser.close();
}
