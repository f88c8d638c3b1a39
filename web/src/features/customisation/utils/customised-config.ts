import type { SiteConfig } from '@/types/api';
import type { Customisation } from './customisation-message';

/** The site configuration as the builder currently shows it. */
export function customisedConfig(config: SiteConfig | null | undefined, customisation: Customisation): SiteConfig | null | undefined {
  if (!customisation.palette && !customisation.fonts) return config;
  const theme = config?.theme ?? {};
  const fonts = theme.fonts ?? {};
  const { body, heading } = customisation.fonts ?? {};
  return {
    ...config,
    theme: {
      ...theme,
      palette: { ...theme.palette, ...customisation.palette },
      fonts: {
        ...fonts,
        body: body?.name ?? fonts.body,
        heading: heading?.name ?? fonts.heading,
        fontWeights: {
          ...fonts.fontWeights,
          ...(body ? { body: { weights: body.weights } } : {}),
          ...(heading ? { heading: { weights: heading.weights } } : {}),
        },
      },
    },
  };
}
