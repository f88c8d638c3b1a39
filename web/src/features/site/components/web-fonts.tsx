import { useEffect } from 'react';
import { afterFirstPaint } from '@/lib/first-paint';
import type { Fonts } from '@/types/api';
import { siteFontSheets } from '../utils/font-files';

type WebFontsProps = {
  fonts: Fonts | undefined;
  /** The site's `googleFonts`: more web fonts its content may use. */
  webFonts: readonly string[] | undefined;
};

/**
 * Loads the theme's body and heading fonts in the weights it lists, and the site's other
 * web fonts, once the first screen is on screen: it paints in the fallback stack rather
 * than waiting for them. A published page has their style sheets in its head already,
 * which the loader sees and does not fetch again.
 */
export function WebFonts({ fonts, webFonts }: WebFontsProps) {
  const wanted = siteFontSheets(fonts, webFonts).join(' ');
  useEffect(() => {
    if (wanted === '') return;
    void afterFirstPaint()
      .then(() => import('../utils/load-font-style-sheets'))
      .then(({ loadFontStyleSheets }) => loadFontStyleSheets(wanted.split(' ')));
  }, [wanted]);
  return null;
}
