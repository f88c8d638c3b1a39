import { expect, test, type Locator, type Page } from '@playwright/test';
import { cspViolations, expectAccessible, signInAsEditor, studioOrigin } from './studio-staff';

// The studio's media library (docs/studio.md#media) on the demo chain's gateway: an image
// drawn in the browser, uploaded with its alt text, listed, served by the site's own host
// once published, found by its words and chosen in a page's image block; an upload without
// alt text, and an SVG, refused on their fields. The studio's own host as in studio.spec.ts.
// The tests share the gateway with others, in one worker: the library is never assumed
// empty, this run's image is found by its own alt text, and it alone is deleted at the end.
const studio = studioOrigin;

/** A JPEG drawn on a canvas in the page: a dusk sky over a marquee, with `words` on it, as the browser encodes it. */
async function drawnJpeg(page: Page, words: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 500;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    const sky = context.createLinearGradient(0, 0, 0, canvas.height);
    sky.addColorStop(0, '#1d2b64');
    sky.addColorStop(1, '#f8cdda');
    context.fillStyle = sky;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#c8102e';
    context.fillRect(120, 180, 560, 220);
    context.fillStyle = '#f5b400';
    context.font = 'bold 36px sans-serif';
    context.fillText(text, 150, 300, 500);
    return canvas.toDataURL('image/jpeg', 0.9);
  }, words);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** The card of the image whose alt text is `alt`, among everything the library holds. */
function mediaCard(page: Page, alt: string): Locator {
  return page.getByTestId('studio-media-item').filter({ has: page.getByText(alt, { exact: true }) });
}

/** The demo site's public origin, as the studio names it (its thumbnails are served from there). */
async function demoPublicUrl(page: Page): Promise<string> {
  const site = await page.evaluate(async () => (await (await fetch('/studio/api/v1/sites/demo')).json()) as { publicUrl: string });
  return site.publicUrl.replace(/\/$/, '');
}

test.describe("the studio's media library", () => {
  test('an editor uploads an image, sees it served by the site, finds it, chooses it in a page, and deletes it; a file or alt text the library does not take is refused on its field', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const refused = cspViolations(page);
    await signInAsEditor(page, 'Md Editor');
    // This run's own words: never an image an earlier run, or another test, uploaded.
    const run = Date.now().toString(36);
    const alt = `The marquee at dusk, run ${run}`;

    await page.goto(`${studio}/sites/demo`);
    await page.getByRole('navigation', { name: /^The screens of / }).getByRole('link', { name: 'Media' }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/media`);
    await expect(page.getByRole('heading', { level: 1, name: /^Media of / })).toBeVisible();
    const form = page.getByRole('form', { name: 'Add an image' });
    await expect(form).toBeVisible();
    // The images there are (perhaps none yet), loaded.
    await expect(page.getByTestId('studio-media').or(page.getByTestId('studio-media-none'))).toBeVisible();
    await expectAccessible(page, 'media');

    const file = form.getByLabel('Image file');
    const altText = form.getByRole('textbox', { name: 'Alt text' });
    const add = form.getByRole('button', { name: 'Add the image' });
    const outcome = page.getByTestId('studio-media-upload-outcome');
    const jpeg = await drawnJpeg(page, `Now showing ${run}`);

    // No alt text: refused on its field, before anything is sent.
    await file.setInputFiles({ name: `marquee-${run}.jpg`, mimeType: 'image/jpeg', buffer: jpeg });
    await add.click();
    await expect(altText).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Say what the image shows.')).toBeVisible();
    await expect(altText).toBeFocused();
    await expect(file).not.toHaveAttribute('aria-invalid', 'true');

    // An SVG: refused on the file's field by the browser's check, and, labelled as a PNG, by the server's.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await altText.fill(alt);
    await file.setInputFiles({ name: `logo-${run}.svg`, mimeType: 'image/svg+xml', buffer: svg });
    await add.click();
    await expect(file).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Choose a JPEG, PNG or WebP image: the library takes no other kind, such as an SVG or a GIF.')).toBeVisible();
    const refusedUpload = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/sites/demo/media'));
    await file.setInputFiles({ name: `logo-${run}.png`, mimeType: 'image/png', buffer: svg });
    await add.click();
    expect((await refusedUpload).status()).toBe(400);
    await expect(file).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText(/^file: /)).toBeVisible();
    await expect(file).toBeFocused();
    await expect(outcome).toHaveText('');
    await expectAccessible(page, 'media, an upload refused');

    // The JPEG with its alt text: sent as multipart form data, the browser naming its boundary.
    await file.setInputFiles({ name: `marquee-${run}.jpg`, mimeType: 'image/jpeg', buffer: jpeg });
    const upload = page.waitForRequest((sent) => sent.method() === 'POST' && sent.url().endsWith('/sites/demo/media'));
    await add.click();
    expect((await upload).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    await expect(outcome).toHaveText(`The image “${alt}” was added. The site publishes it within a few seconds.`);
    await expect(altText).toHaveValue('');

    // Listed, newest first, with its facts; its thumbnail from the site's own host once the site is published.
    const card = mediaCard(page, alt);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`File marquee-${run}.jpg`);
    await expect(card).toContainText('800 × 500 pixels');
    await expect(card).toContainText('by Md Editor');
    const path = ((await card.getByText(/^Pages name it /).textContent()) ?? '').replace('Pages name it ', '');
    expect(path).toMatch(/^\/media\/[^/]+\.jpg$/);
    const publicUrl = await demoPublicUrl(page);
    await card.scrollIntoViewIfNeeded();
    await expect
      .poll(
        async () => {
          // Given up on before the site was published (it tries for some 10 seconds): the screen, opened again, tries again.
          if (await card.getByText('Not published yet').isVisible()) {
            await page.reload();
            await card.scrollIntoViewIfNeeded();
          }
          return card
            .getByRole('img', { name: alt })
            .evaluateAll((images) => images.some((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0));
        },
        { message: "the thumbnail loads from the site's host", timeout: 45_000, intervals: [1_000] },
      )
      .toBe(true);
    expect((await card.getByRole('img', { name: alt }).getAttribute('src')) ?? '').toContain(`${publicUrl}/media/`);
    // The site serves the largest JPEG at the path pages name it by: its own pixels, none of the upload's metadata.
    const served = await request.get(`${publicUrl}${path}`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toMatch(/^image\/jpeg/);
    await expectAccessible(page, 'media, an image added');

    // Found by words of its alt text, alone.
    const search = page.getByRole('search', { name: /^Search the images of / });
    await search.getByRole('searchbox', { name: 'Search the images' }).fill(`run ${run}`);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('studio-media-item')).toHaveCount(1);
    await expect(mediaCard(page, alt)).toBeVisible();

    // Chosen in a new page's image block: its path and alt text fill the block's fields.
    // Cancelled, so the page is left unchanged (nothing to save, nothing asked on leaving).
    await page.goto(`${studio}/sites/demo/new-page`);
    await page.getByRole('toolbar', { name: 'Formatting of the body' }).getByRole('button', { name: 'Image', exact: true }).click();
    const panel = page.getByRole('group', { name: 'New image' });
    await panel.getByRole('button', { name: 'Choose the image from the media library' }).click();
    const picker = panel.getByRole('group', { name: 'The media library, to choose the image' });
    await picker.getByRole('searchbox', { name: 'Search the images' }).fill(run);
    await picker.getByRole('searchbox', { name: 'Search the images' }).press('Enter');
    const choices = picker.getByRole('list', { name: 'Images to choose the image from' }).getByRole('button');
    await expect(choices).toHaveCount(1);
    await choices.first().click();
    await expect(panel.getByRole('textbox', { name: 'Address of the image' })).toHaveValue(path);
    await expect(panel.getByRole('textbox', { name: 'Alt text' })).toHaveValue(alt);
    await expect(panel.getByRole('textbox', { name: 'Alt text' })).toBeFocused();
    await expectAccessible(page, 'new page, an image chosen from the library');
    await panel.getByRole('button', { name: 'Cancel' }).click();

    // This run's image, named by no page, deleted: the library is left as the run found it.
    // (Were the page to ask before it is left, it is left all the same: nothing of it is kept.)
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${studio}/sites/demo/media`);
    const mine = mediaCard(page, alt);
    await mine.getByRole('button', { name: `Delete the image “${alt}”` }).click();
    await mine.getByRole('group', { name: `Delete the image “${alt}”` }).getByRole('button', { name: 'Delete the image' }).click();
    await expect(page.getByTestId('studio-media-outcome')).toHaveText(`The image “${alt}” was deleted.`);
    await expect(mediaCard(page, alt)).toHaveCount(0);
    expect(refused).toEqual([]);
  });
});
