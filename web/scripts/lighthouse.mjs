// Lighthouse on the home page and a movie page of a running gateway, with Debian's
// Chromium: prints the performance and accessibility scores of each run and their
// medians (issue target: 95 or more). One run's performance score moves by several
// points with the machine's load, so each page runs LIGHTHOUSE_RUNS times (default 3).
// Usage: node scripts/lighthouse.mjs [base URL, default http://127.0.0.1:8090]
// LIGHTHOUSE_REPORT_DIR=dir also writes each run's full JSON report there
// ({page}-{run}.json), whose audits say what the time went to.
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

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`LIGHTHOUSE_RUNS must be a whole number above 0, not ${runs}`);
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
if (reportDir) mkdirSync(reportDir, { recursive: true });

const score = (category) => Math.round((category.score ?? 0) * 100);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  for (const [name, url] of pages) {
    const scores = [];
    for (let run = 1; run <= runs; run += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (reportDir) writeFileSync(join(reportDir, `${name}-${run}.json`), result.report);
      const { performance, accessibility } = result.lhr.categories;
      const metric = (id) => result.lhr.audits[id]?.displayValue ?? '?';
      scores.push({ performance: score(performance), accessibility: score(accessibility) });
      console.log(
        `${name.padEnd(6)} run ${run}  performance ${score(performance)}  accessibility ${score(accessibility)}  ` +
          `FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  ` +
          `TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}`,
      );
    }
    console.log(
      `${name.padEnd(6)} median performance ${median(scores.map((entry) => entry.performance))}  ` +
        `accessibility ${median(scores.map((entry) => entry.accessibility))}  ${url}`,
    );
  }
} finally {
  await chrome.kill();
}
