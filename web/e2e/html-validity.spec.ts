import { expect, test } from '@playwright/test';
import { HtmlValidate } from 'html-validate';

// Every published page is valid HTML, as the W3C checker reads it: each page of the
// sitemap and the error pages, through html-validate's rules of the HTML standard, and
// its headings in order (an h1 first, no level skipped).
const validator = new HtmlValidate({ extends: ['html-validate:standard'], rules: { 'heading-level': 'error' } });

test('every published page and the error pages are valid HTML', async ({ request }) => {
  test.setTimeout(120_000);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = Array.from(sitemap.matchAll(/<loc>([^<]+)<\/loc>/g), ([, url]) => new URL(url ?? '').pathname);
  expect(paths).toContain('/');
  const errors: string[] = [];
  for (const path of [...paths, '/no-such-page/', '/500.html']) {
    const html = await (await request.get(path)).text();
    const report = await validator.validateString(html, path);
    for (const message of report.results.flatMap((result) => result.messages)) {
      errors.push(`${path}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
    }
  }
  expect(errors, errors.join('\n')).toEqual([]);
});
