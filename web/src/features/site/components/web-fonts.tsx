import { useEffect } from 'react';
import { afterFirstPaint } from '@/lib/first-paint';
import type { Fonts } from '@/types/api';
import { fontStyleSheets } from '../utils/font-files';

/**
 * Loads the theme's body and heading fonts in the weights it lists, once the first screen
 * is on screen: it paints in the fallback stack rather than waiting for them.
 */
export function WebFonts({ fonts }: { fonts: Fonts | undefined }) {
  const wanted = [
    ...fontStyleSheets(fonts?.body, fonts?.fontWeights?.body?.weights),
    ...fontStyleSheets(fonts?.heading, fonts?.fontWeights?.heading?.weights),
  ].join(' ');
  useEffect(() => {
    if (wanted === '') return;
    void afterFirstPaint()
      .then(() => import('../utils/load-font-style-sheets'))
      .then(({ loadFontStyleSheets }) => loadFontStyleSheets(wanted.split(' ')));
  }, [wanted]);
  return null;
}
