import { useEffect } from 'react';
import type { Fonts } from '@/types/api';
import { fontStyleSheets } from '../utils/font-files';

/** Loads the theme's body and heading fonts in the weights it lists. */
export function WebFonts({ fonts }: { fonts: Fonts | undefined }) {
  const wanted = [
    ...fontStyleSheets(fonts?.body, fonts?.fontWeights?.body?.weights),
    ...fontStyleSheets(fonts?.heading, fonts?.fontWeights?.heading?.weights),
  ].join(' ');
  useEffect(() => {
    if (wanted === '') return;
    void import('../utils/load-font-style-sheets').then(({ loadFontStyleSheets }) =>
      loadFontStyleSheets(wanted.split(' ')),
    );
  }, [wanted]);
  return null;
}
