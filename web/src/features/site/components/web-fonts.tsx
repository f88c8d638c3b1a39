import { useEffect } from 'react';
import { afterFirstPaint } from '@/lib/first-paint';
import type { Fonts } from '@/types/api';
import { siteFontFaceSheets } from '../utils/font-files';
import { fontSheetsToLoad } from '../utils/font-sheets-to-load';

type WebFontsProps = {
  fonts: Fonts | null | undefined;
  /** The site's `googleFonts`: more web fonts its content may use. */
  webFonts: readonly string[] | undefined;
};

/**
 * Loads the theme's body and heading fonts in the weights it lists, and the site's other
 * web fonts, once the first screen is on screen: it paints in the fallback stack rather
 * than waiting for them. A published page's loader has fetched their style sheets with
 * its scripts: this loader, and its table of every sheet, is fetched only for a face the
 * document does not declare, such as a font the site builder picks.
 */
export function WebFonts({ fonts, webFonts }: WebFontsProps) {
  useEffect(() => {
    const wanted = siteFontFaceSheets(fonts, webFonts);
    if (wanted.length === 0) return;
    void afterFirstPaint().then(async () => {
      // Without a font set (a test's document) every sheet counts as missing.
      const missing = fontSheetsToLoad(wanted, 'fonts' in document ? document.fonts : []);
      if (missing.length === 0) return;
      const { loadFontStyleSheets } = await import('../utils/load-font-style-sheets');
      await loadFontStyleSheets(missing);
    });
  }, [fonts, webFonts]);
  return null;
}
