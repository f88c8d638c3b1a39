import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { ScannableCode } from './scannable-code';

const messages = { 'loyalty.cards.codeLabel': 'Card code {0}' };

describe('ScannableCode', () => {
  afterEach(cleanup);

  it.each([
    ['QR_CODE', 'MC-100200300', 'svg'],
    ['CODE_128', 'MC-100200300', 'svg'],
    ['CODE_39', 'MC-100200300', 'svg'],
    ['CODE_39', 'mc-100200300', 'p'],
    ['EAN_13', 'MC-100200300', 'p'],
  ])('draws %s for %s as %s', (format, value, element) => {
    renderWithApp(<ScannableCode value={value} format={format} />, messages);
    const code = screen.getByLabelText(`Card code ${value}`);
    expect(code.tagName.toLowerCase()).toBe(element);
    expect(code.getAttribute('data-format')).toBe(format);
    expect(screen.getByText(value)).toBeTruthy();
  });

  it('draws a Code 128 barcode as bars across its whole width, quiet zones included', () => {
    renderWithApp(<ScannableCode value="PJJ123C" format="CODE_128" />, messages);
    const code = screen.getByRole('img', { name: 'Card code PJJ123C' });
    // Start, 7 characters and the checksum at 11 modules, the 13-module stop, 10 on each side.
    expect(code.getAttribute('viewBox')).toBe(`0 0 ${9 * 11 + 13 + 20} 50`);
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M10 0h2v50h-2z/);
  });
});
