import { useLayoutEffect } from 'react';
import { useColourMode } from '@/state/colour-mode';
import { useHydrated } from '@/lib/hydration';
import type { SiteConfig } from '@/types/api';
import { buildThemeTokens } from '../utils/theme-tokens';

/**
 * The theme tokens on the document root through the CSSOM, which no Content-Security-Policy
 * can hold back, once rendered. A published page has them before its scripts run: the
 * gateway puts the theme's style sheet in its head (`themeStyle` of the page's sources).
 */
export function ThemeStyle({ config }: { config: SiteConfig | null | undefined }) {
  const { mode } = useColourMode();
  // Hydrating, the mode is not the stored one yet: the style sheet has it meanwhile.
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    if (!hydrated) return;
    const root = document.documentElement;
    const tokens = buildThemeTokens(config, mode);
    for (const [name, value] of Object.entries(tokens)) root.style.setProperty(name, value);
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', tokens['--color-header-background'] ?? '');
  }, [config, mode, hydrated]);
  return null;
}
