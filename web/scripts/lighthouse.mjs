// Lighthouse (mobile, its default) on the home page, a movie page, a theater page and the
// sign-in page of a running gateway,
// with Debian's Chromium: prints the performance, accessibility, best-practices and SEO
// scores of each run and their medians (targets: performance 98 or more, the others 100). One run's performance score moves by several
// points with the machine's load, so each page runs LIGHTHOUSE_RUNS times (default 3).
// Usage: node scripts/lighthouse.mjs [base URL, default http://127.0.0.1:8090]
// LIGHTHOUSE_REPORT_DIR=dir also writes each run's full JSON report there
// ({page}-{run}.json), whose audits say what the time went to; LIGHTHOUSE_PAGES=movie,home
// runs only the pages named (home, movie, theater, sign-in).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = process.argv[2] ?? process.env.GATEWAY_URL ?? 'http://127.0.0.1:8090';
const movies = await (await fetch(`${base}/api/v1/movies?playWeek=CURRENT_PLAYWEEK`)).json();
const [theater] = await (await fetch(`${base}/api/v1/theaters`)).json();
const site = await (await fetch(`${base}/api/v1/site`)).json();
const only = process.env.LIGHTHOUSE_PAGES?.split(',');
const allPages = [
  ['home', `${base}/`],
  ['movie', `${base}${movies[0]?.path ?? '/movies/'}`],
  ['theater', `${base}/theaters/${theater?.id}-${theater?.slug}/`],
  ['sign-in', `${base}/${site?.settings?.loginPage?.slug ?? 'sign-in'}/`],
];
const pages = only ? allPages.filter(([name]) => only.includes(name)) : allPages;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
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
        onlyCategories: CATEGORIES,
      });
      if (reportDir) writeFileSync(join(reportDir, `${name}-${run}.json`), result.report);
      const { categories } = result.lhr;
      const metric = (id) => result.lhr.audits[id]?.displayValue ?? '?';
      const runScores = Object.fromEntries(CATEGORIES.map((id) => [id, score(categories[id])]));
      scores.push(runScores);
      console.log(
        `${name.padEnd(6)} run ${run}  ${CATEGORIES.map((id) => `${id} ${runScores[id]}`).join('  ')}  ` +
          `FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  ` +
          `TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}`,
      );
      const failing = Object.values(result.lhr.audits).filter(
        (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
      );
      for (const audit of failing) console.log(`         failing: ${audit.id} (${audit.title})`);
    }
    console.log(
      `${name.padEnd(6)} median ${CATEGORIES.map((id) => `${id} ${median(scores.map((entry) => entry[id]))}`).join('  ')}  ${url}`,
    );
  }
} finally {
  await chrome.kill();
}
