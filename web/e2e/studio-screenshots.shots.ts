import { expect, test } from '@playwright/test';
import { screenshotPage } from './helpers';
import { invitationLink, studioOrigin } from './studio-staff';

// Pictures of every studio screen for a person to look at (web/test-results/screenshots/,
// not committed): phone and desktop, light and dark, as an operator (who sees every screen,
// the new-site form too).
const sizes = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

const screens = [
  ['sites', '/'],
  ['site', '/sites/demo'],
  ['look', '/sites/demo/look'],
  ['pages', '/sites/demo/pages'],
  ['page', '/sites/demo/pages/about'],
  ['publishing', '/sites/demo/publishing'],
  ['history', '/sites/demo/history'],
  ['staff', '/sites/demo/staff'],
  ['ingest-keys', '/sites/demo/ingest-keys'],
  ['audit', '/sites/demo/audit'],
  ['passkeys', '/passkeys'],
] as const;

for (const size of sizes) {
  for (const mode of ['light', 'dark'] as const) {
    test(`studio screenshots ${size.name} ${mode}`, async ({ browser }) => {
      test.setTimeout(240_000);
      const context = await browser.newContext({ viewport: size.viewport, colorScheme: mode });
      const page = await context.newPage();
      await page.goto(invitationLink(`shots-${size.name}-${mode}@chain.example`, 'operator'));
      await page.getByLabel('Your name').fill('Sam Shots');
      await page.getByRole('button', { name: 'Accept without a passkey' }).click();
      await expect(page.getByTestId('studio-staff-name')).toHaveText('Signed in as Sam Shots');
      for (const [name, path] of screens) {
        await page.goto(`${studioOrigin}${path}`, { waitUntil: 'networkidle' });
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await screenshotPage(page, `studio-${name}-${size.name}-${mode}`);
      }
      // Member support with the demo member found.
      await page.goto(`${studioOrigin}/sites/demo/members`, { waitUntil: 'networkidle' });
      const address = page.getByRole('textbox', { name: 'E-mail address' });
      await address.fill('demo@marqueecinemas.example');
      await address.press('Enter');
      await expect(page.getByRole('heading', { name: 'Members found' })).toBeVisible();
      await screenshotPage(page, `studio-members-${size.name}-${mode}`);
      await context.close();
    });
  }
}
