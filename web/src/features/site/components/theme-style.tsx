import { useLayoutEffect, useMemo } from 'react';
import { useColourMode } from '@/state/colour-mode';
import { useHydrated } from '@/lib/hydration';
import type { SiteConfig } from '@/types/api';
import { buildThemeTokens, themeStyleSheet } from '../utils/theme-tokens';

/**
 * The theme tokens: as a style sheet in the page's markup, both colour modes, so a page
 * rendered on the server is themed before its scripts run; and on the document root
 * through the CSSOM, which no Content-Security-Policy can hold back, once rendered.
 */
export function ThemeStyle({ config }: { config: SiteConfig | null | undefined }) {
  const { mode } = useColourMode();
  const sheet = useMemo(() => themeStyleSheet(config), [config]);
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
  return <style data-testid="theme-style">{sheet}</style>;
}
