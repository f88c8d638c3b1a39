import { useLayoutEffect } from 'react';
import { useColourMode } from '@/lib/colour-mode';
import type { SiteConfig } from '@/types/api';
import { buildThemeTokens } from '../utils/theme-tokens';

/**
 * Writes the theme tokens onto the document root. Set through the CSSOM rather than a
 * <style> element so that they are not subject to the Content-Security-Policy.
 */
export function ThemeStyle({ config }: { config: SiteConfig | undefined }) {
  const { mode } = useColourMode();
  useLayoutEffect(() => {
    const root = document.documentElement;
    const tokens = buildThemeTokens(config, mode);
    for (const [name, value] of Object.entries(tokens)) root.style.setProperty(name, value);
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', tokens['--color-header-background'] ?? '');
  }, [config, mode]);
  return null;
}
