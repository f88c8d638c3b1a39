import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeclaredFace } from '../utils/font-sheets-to-load';
import { WebFonts } from './web-fonts';

const loadFontStyleSheets = vi.hoisted(() => vi.fn(() => Promise.resolve([])));
vi.mock('../utils/load-font-style-sheets', () => ({ loadFontStyleSheets }));
vi.mock('@/lib/first-paint', () => ({ afterFirstPaint: () => Promise.resolve() }));

/** The document's font set: the faces its style sheets declare. */
function declare(faces: DeclaredFace[]) {
  Object.defineProperty(document, 'fonts', { value: faces, configurable: true });
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(document, 'fonts');
  loadFontStyleSheets.mockClear();
});

describe('WebFonts', () => {
  it('fetches no loader on a published page, whose head declares every face, and the sheets of a font picked later', async () => {
    declare([{ family: 'Lato', weight: '400', style: 'normal' }]);
    const { rerender } = render(<WebFonts fonts={{ body: 'Lato' }} webFonts={undefined} />);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(loadFontStyleSheets).not.toHaveBeenCalled();
    rerender(<WebFonts fonts={{ body: 'Lato', heading: 'Oswald' }} webFonts={undefined} />);
    await waitFor(() => expect(loadFontStyleSheets).toHaveBeenCalledWith(['@fontsource/oswald/400.css']));
  });

  it('loads every sheet of a page the app drew itself', async () => {
    declare([]);
    render(<WebFonts fonts={{ body: 'Lato', fontWeights: { body: { weights: ['400', '700'] } } }} webFonts={['Lora']} />);
    await waitFor(() =>
      expect(loadFontStyleSheets).toHaveBeenCalledWith(['@fontsource/lato/400.css', '@fontsource/lato/700.css', '@fontsource/lora/400.css']),
    );
  });
});
