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
  ['media', '/sites/demo/media'],
  ['events', '/sites/demo/events'],
  ['new-event', '/sites/demo/new-event'],
  ['theaters', '/sites/demo/theaters'],
  ['theater', '/sites/demo/theaters/101'],
  ['movies', '/sites/demo/movies'],
  ['publishing', '/sites/demo/publishing'],
  ['history', '/sites/demo/history'],
  ['staff', '/sites/demo/staff'],
  ['ingest-keys', '/sites/demo/ingest-keys'],
  ['audit', '/sites/demo/audit'],
  ['passkeys', '/passkeys'],
  ['deployment-publishing', '/publishing'],
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
      // The media library with an image in it, uploaded as the studio's form does.
      const uploaded = await page.evaluate(async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 960;
        canvas.height = 540;
        const context = canvas.getContext('2d');
        if (!context) return 0;
        const sky = context.createLinearGradient(0, 0, 0, canvas.height);
        sky.addColorStop(0, '#1d2b64');
        sky.addColorStop(1, '#f8cdda');
        context.fillStyle = sky;
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.fillStyle = '#c8102e';
        context.fillRect(180, 200, 600, 240);
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
        if (!blob) return 0;
        const form = new FormData();
        form.append('file', blob, 'lobby.jpg');
        form.append('alt', "The marquee of Marquee Downtown at dusk");
        return (await fetch('/studio/api/v1/sites/demo/media', { method: 'POST', body: form })).status;
      });
      expect(uploaded).toBe(201);
      for (const [name, path] of screens) {
        await page.goto(`${studioOrigin}${path}`, { waitUntil: 'networkidle' });
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (name === 'media') {
          await expect
            .poll(() => page.evaluate(() => [...document.images].filter((image) => image.naturalWidth > 0).length), { timeout: 30_000 })
            .toBeGreaterThan(0);
        }
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
