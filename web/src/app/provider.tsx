import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { LinkSettingsProvider } from '@/lib/link-settings';
import { ColourModeProvider } from '@/lib/colour-mode';
import { IntlProvider } from '@/lib/i18n';
import { SelectedTheaterProvider } from '@/lib/selected-theater';
import { useAppData } from '@/features/site/api/get-app-data';
import { ThemeStyle } from '@/features/site/components/theme-style';
import { WebFonts } from '@/features/site/components/web-fonts';
import { builderOrigins } from '@/config/env';
import {
  LiveCustomisationProvider,
  useCustomisation,
} from '@/features/customisation/components/live-customisation';
import { customisedConfig } from '@/features/customisation/utils/customised-config';
import type { SiteConfig } from '@/types/api';
import { AppDataFailure } from './app-data-failure';

const EMPTY_MESSAGES: Readonly<Record<string, string>> = {};

/** The site's theme and fonts, with the site builder's live changes on top. */
function Theme({ config }: { config: SiteConfig | undefined }) {
  const customisation = useCustomisation();
  const shown = useMemo(() => customisedConfig(config, customisation), [config, customisation]);
  return (
    <>
      <ThemeStyle config={shown} />
      <WebFonts fonts={shown?.theme?.fonts} />
    </>
  );
}

/**
 * Nothing renders before the app data: without the theme and the locale messages the
 * page would flash unstyled, untranslated text.
 */
function AppDataGate({ embedContext, children }: { embedContext: string | undefined; children: ReactNode }) {
  const { data, error, refetch, isPending } = useAppData();
  const trailingSlash = data?.site?.config?.trailingSlash;
  const embeddingDomains = data?.site?.config?.allowedEmbeddingDomains;
  const allowedOrigins = useMemo(() => [...builderOrigins, ...(embeddingDomains ?? [])], [embeddingDomains]);
  const linkSettings = useMemo(() => ({ trailingSlash, embedContext }), [trailingSlash, embedContext]);
  if (isPending) return <div className="app-loading" aria-busy="true" />;
  if (error) return <AppDataFailure error={error} onRetry={() => void refetch()} />;
  return (
    <IntlProvider
      locale={data.messages?.locale ?? data.site?.config?.locale}
      messages={data.messages?.messages ?? EMPTY_MESSAGES}
    >
      <LiveCustomisationProvider allowedOrigins={allowedOrigins}>
        <Theme config={data.site?.config} />
      </LiveCustomisationProvider>
      <LinkSettingsProvider value={linkSettings}>{children}</LinkSettingsProvider>
    </IntlProvider>
  );
}

/**
 * The app's contexts, around the query client made at start-up (which may already hold
 * the first screen's data) and the visit's embed context (read at start-up too).
 */
export function AppProvider({
  queryClient,
  embedContext,
  children,
}: {
  queryClient: QueryClient;
  embedContext: string | undefined;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ColourModeProvider>
        <SelectedTheaterProvider>
          <AppDataGate embedContext={embedContext}>{children}</AppDataGate>
        </SelectedTheaterProvider>
      </ColourModeProvider>
    </QueryClientProvider>
  );
}
