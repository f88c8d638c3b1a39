import { expect, test } from '@playwright/test';

const background = () => getComputedStyle(document.body).backgroundColor;

/** The contrast ratio of the body's text on its background (WCAG relative luminance). */
const bodyContrast = () => {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (colour: string) => {
    const [r = 0, g = 0, b = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const style = getComputedStyle(document.body);
  const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
};

test.describe('colour mode', () => {
  test('is light by default, turns dark on the toggle and stays dark after a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-color-mode', 'light');
    const light = await page.evaluate(background);

    await page.getByTestId('colour-mode-toggle').click();
    await expect(html).toHaveAttribute('data-color-mode', 'dark');
    await expect.poll(() => page.evaluate(background)).not.toBe(light);
    expect(await page.evaluate(() => localStorage.getItem('colorMode'))).toBe('dark');

    await page.reload();
    await expect(html).toHaveAttribute('data-color-mode', 'dark');

    await page.getByTestId('colour-mode-toggle').click();
    await expect(html).toHaveAttribute('data-color-mode', 'light');
  });

  test('keeps body text readable in both modes', async ({ page }) => {
    for (const mode of ['light', 'dark']) {
      await page.addInitScript((value) => localStorage.setItem('colorMode', value), mode);
      await page.goto('/movies/');
      // Polled: the body's colours ease into the mode over a short transition.
      await expect.poll(() => page.evaluate(bodyContrast), { message: `${mode} mode text contrast` }).toBeGreaterThanOrEqual(4.5);
    }
  });
});
