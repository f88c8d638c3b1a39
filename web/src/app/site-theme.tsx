// The site's theme and fonts, with the site builder's live changes on top: its own chunk,
// out of the first one (the first render waits for it, preloadTheme, and a published
// page's theme is in its markup already).
import { useMemo } from 'react';
import { LiveCustomisationProvider, useCustomisation } from '@/features/customisation/components/live-customisation';
import { customisedConfig } from '@/features/customisation/utils/customised-config';
import { ThemeStyle } from '@/features/site/components/theme-style';
import { WebFonts } from '@/features/site/components/web-fonts';
import type { SiteConfig } from '@/types/api';

function CustomisedTheme({ config }: { config: SiteConfig | null | undefined }) {
  const customisation = useCustomisation();
  const shown = useMemo(() => customisedConfig(config, customisation), [config, customisation]);
  return (
    <>
      <ThemeStyle config={shown} />
      <WebFonts fonts={shown?.theme?.fonts} webFonts={shown?.googleFonts} />
    </>
  );
}

export function SiteTheme({ config, allowedOrigins }: { config: SiteConfig | null | undefined; allowedOrigins: readonly string[] }) {
  return (
    <LiveCustomisationProvider allowedOrigins={allowedOrigins}>
      <CustomisedTheme config={config} />
    </LiveCustomisationProvider>
  );
}
