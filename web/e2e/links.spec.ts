import { expect, test, type Page } from '@playwright/test';
import { expectHydrated, getJson, type MovieJson } from './helpers';

// The link rules of docs/pages-and-links.md#link-rules, through the one Link component.

/** Outbound pages are not fetched: the tests look at the links, not at other sites. */
const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);

test.describe('links', () => {
  test('external links open a new window with noreferrer, say so, and are tracked as outbound clicks', async ({ page }) => {
    await page.goto('/');
    // The page is read before its scripts run; clicks are tracked once it is hydrated,
    // the footer (its own chunk) included.
    await expectHydrated(page);
    await page.waitForLoadState('networkidle');
    const social = page.getByTestId('social-links').getByRole('link').first();
    await expect(social).toHaveAttribute('target', '_blank');
    await expect(social).toHaveAttribute('rel', 'noreferrer');
    await expect(social).toHaveAttribute('aria-label', /\(Opens in a new window\)$/);
    await expect(social).toHaveAttribute('title', /\(Opens in a new window\)$/);
    const href = (await social.getAttribute('href')) ?? '';
    // The click is heard by the page, then stopped before it opens another site.
    await page.evaluate(() => window.addEventListener('click', (event) => event.preventDefault()));
    await social.click();
    expect(await dataLayer(page)).toContainEqual({ event: 'click', category: 'Navigation', label: `out: ${href}` });
  });

  test('carry the page’s utm_* parameters and nothing else', async ({ page }) => {
    await page.goto('/?utm_source=newsletter&utm_campaign=fall&theaterId=101');
    const movies = page.getByRole('banner').getByRole('link', { name: 'Movies' });
    await expect(movies).toHaveAttribute('href', '/movies/?utm_source=newsletter&utm_campaign=fall');
    await movies.click();
    await expect(page).toHaveURL(/\/movies\/\?utm_source=newsletter&utm_campaign=fall$/);
  });

  test('the skip link moves focus to the page content', async ({ page }) => {
    await page.goto('/movies/');
    await page.getByTestId('movie-card').first().waitFor();
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });

  test('a page view is recorded on every route change', async ({ page }) => {
    await page.goto('/');
    await expectHydrated(page);
    await page.getByRole('banner').getByRole('link', { name: 'Theaters' }).click();
    await expect(page.getByTestId('theater-card').first()).toBeVisible();
    await page.goBack();
    await expect.poll(async () => (await dataLayer(page)).filter((entry) => (entry as { event?: string }).event === 'page_view'))
      .toEqual([
        { event: 'page_view', page_path: '/' },
        { event: 'page_view', page_path: '/theaters/' },
        { event: 'page_view', page_path: '/' },
      ]);
  });

  test.describe('followed as the page starts', () => {
    // The chunks are held with page.route, which does not see a service worker's requests.
    test.use({ serviceWorkers: 'block' });

    // Two parts of the frame whose code loads after the page's own, the header's member
    // entry and the footer, are in the server's markup, so hydrating needs their code. A
    // part hydrated without it held every transition that reached it, a followed link's
    // too, until the code came, and at times for good: the address changed, the page did
    // not (issue 46 item 8).
    for (const part of ['member-entry', 'site-footer']) {
      test(`a link opens its page while the code of ${part} is still on its way`, async ({ page }) => {
        const chunk = new RegExp(`/assets/${part}-[^/]*\\.js$`);
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(chunk, async (route) => {
          await held;
          await route.continue().catch(() => undefined);
        });
        const asked = page.waitForRequest(chunk);
        await page.goto('/theaters/', { waitUntil: 'domcontentloaded' });
        // The page's script has started: the chunk is asked for as hydration begins.
        await asked;
        const name = page.getByTestId('theater-card').first().getByRole('heading', { level: 2 });
        const theater = (await name.textContent()) ?? '';
        try {
          await name.getByRole('link').click();
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(theater);
        } finally {
          release();
        }
      });
    }
  });

  test('under the CMS preview prefix pages show but link clicks do nothing', async ({ page }) => {
    const response = await page.goto('/cms-preview/movies/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Movies' })).toBeVisible();
    await page.getByTestId('movie-card').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/cms-preview\/movies\/$/);
  });

  test('in the tapos_embedded context booking links lead to the internal hand-off route', async ({ page, request }) => {
    const [movie] = await getJson<MovieJson[]>(request, '/api/v1/movies?playWeek=CURRENT_PLAYWEEK');
    await page.goto(`/?embedContext=tapos_embedded`);
    // The visit's embed context is kept by the page's script.
    await expectHydrated(page);
    await page.goto(movie?.path ?? '/movies/');
    const ticket = page.getByTestId('showtime-schedule').getByRole('link', { name: /^Tickets for/ }).first();
    await expect(ticket).toHaveAttribute('href', /^\/startticketing\/\?theaterCode=[^&]+&perfCode=\d+$/);
    await expect(ticket).not.toHaveAttribute('target', '_blank');
    const href = (await ticket.getAttribute('href')) ?? '';
    const codes = new URL(href, page.url()).searchParams;
    // Followed to the end: the gateway hands the booking on to the theater's ticketing
    // provider (the sandbox in the e2e gateways), with both codes.
    await ticket.click();
    await expect(page).toHaveURL(/\/ticketing-sandbox\/startticketing/);
    const landed = new URL(page.url()).searchParams;
    expect(landed.get('theaterCode')).toBe(codes.get('theaterCode'));
    expect(landed.get('perfCode')).toBe(codes.get('perfCode'));
  });

  test('without the embed context booking links go to the ticketing site: the sandbox in its place, same window', async ({ page, request }) => {
    // The e2e gateways run embedded, so TICKETING_SANDBOX is on.
    const [movie] = await getJson<MovieJson[]>(request, '/api/v1/movies?playWeek=CURRENT_PLAYWEEK');
    await page.goto(movie?.path ?? '/movies/');
    const ticket = page.getByTestId('showtime-schedule').getByRole('link', { name: /^Tickets for/ }).first();
    await expect(ticket).toHaveAttribute('href', /^\/ticketing-sandbox\/sales\/[^/]+\/book\?perfcode=\d+$/);
    await expect(ticket).not.toHaveAttribute('target', '_blank');
  });

  test('the chain’s hand-offs are in the footer and a theater’s on its page, each followed to the ticketing site', async ({ page }) => {
    await page.goto('/');
    const shop = page.getByRole('contentinfo').getByTestId('hand-off-links');
    await expect(shop.getByRole('link')).toHaveText([
      'Gift cards',
      'Physical gift cards',
      'Gift a membership',
      'Vouchers',
      'Season passes',
    ]);
    await shop.getByRole('link', { name: 'Gift cards', exact: true }).click();
    await expect(page).toHaveURL(/\/ticketing-sandbox\/giftcards$/);

    // The flagship names its own provider, which offers concessions and refunds beside the
    // tickets every provider sells; no food and drinks menu, which the site-wide one has.
    await page.goto('/theaters/');
    await page.getByTestId('theater-card').filter({ hasText: 'Harbor' }).getByRole('link').first().click();
    const services = page.getByRole('main').getByTestId('hand-off-links');
    await expect(services.getByRole('link')).toHaveText(['Buy tickets', 'Order food and drinks', 'Request a refund']);
    await services.getByRole('link', { name: 'Order food and drinks' }).click();
    await expect(page).toHaveURL(/\/ticketing-sandbox\/startconcessions\?theaterCode=[^&]+$/);
  });
});
