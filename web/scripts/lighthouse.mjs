// Lighthouse on the home page and a movie page of a running gateway, with Debian's
// Chromium: prints the performance and accessibility scores (issue target: 95 or more).
// Usage: node scripts/lighthouse.mjs [base URL, default http://127.0.0.1:8090]
// LIGHTHOUSE_REPORT_DIR=dir also writes each page's full JSON report there ({page}.json),
// whose audits say what the time went to.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = process.argv[2] ?? process.env.GATEWAY_URL ?? 'http://127.0.0.1:8090';
const movies = await (await fetch(`${base}/api/v1/movies?playWeek=CURRENT_PLAYWEEK`)).json();
const pages = [
  ['home', `${base}/`],
  ['movie', `${base}${movies[0]?.path ?? '/movies/'}`],
];

const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
if (reportDir) mkdirSync(reportDir, { recursive: true });

const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  for (const [name, url] of pages) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (reportDir) writeFileSync(join(reportDir, `${name}.json`), result.report);
    const { performance, accessibility } = result.lhr.categories;
    const score = (category) => Math.round((category.score ?? 0) * 100);
    const metric = (id) => result.lhr.audits[id]?.displayValue ?? '?';
    console.log(`${name.padEnd(6)} performance ${score(performance)}  accessibility ${score(accessibility)}  ${url}`);
    console.log(
      `       FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}`,
    );
  }
} finally {
  await chrome.kill();
}
