import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useMemo, type ReactNode } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { useHydrated } from '@/lib/hydration';
import { LinkSettingsProvider } from '@/state/link-settings';
import { ColourModeProvider } from '@/state/colour-mode';
import { IntlProvider } from '@/state/i18n';
import { SelectedTheaterProvider } from '@/state/selected-theater';
import { useAppData } from '@/api/get-app-data';
import { builderOrigins } from '@/config/env';
import { AppDataFailure } from './app-data-failure';

// The theme (colour maths, fonts, the site builder's live changes) stays out of the first
// chunk: a published page's theme is in its markup already, and the first render waits
// for this chunk (preloadTheme) anyway.
const theme = lazyComponent(async () => (await import('./site-theme')).SiteTheme);
const SiteTheme = theme.Component;

/** Starts loading the theme's code, which the first render needs. */
export const preloadTheme = theme.preload;

const EMPTY_MESSAGES: Readonly<Record<string, string>> = {};

/**
 * Nothing renders before the app data: without the theme and the locale messages the
 * page would flash unstyled, untranslated text.
 */
function AppDataGate({ embedContext, children }: { embedContext: string | undefined; children: ReactNode }) {
  const { data, error, refetch, isPending } = useAppData();
  const trailingSlash = data?.site.config?.trailingSlash;
  const embeddingDomains = data?.site.config?.allowedEmbeddingDomains;
  // The studio's origin, which the app data names at run time (DESIGN.md section 13, "Live
  // preview"; null: the deployment has no studio).
  const studioOrigin = data?.studioOrigin;
  const allowedOrigins = useMemo(
    () => [...builderOrigins, ...(studioOrigin ? [studioOrigin] : []), ...(embeddingDomains ?? [])],
    [studioOrigin, embeddingDomains],
  );
  // The visit's embed context rewrites links once hydrated (the server renders none).
  const hydrated = useHydrated();
  const visitEmbedContext = hydrated ? embedContext : undefined;
  const linkSettings = useMemo(
    () => ({ trailingSlash, embedContext: visitEmbedContext }),
    [trailingSlash, visitEmbedContext],
  );
  if (isPending) return <div className="app-loading" aria-busy="true" />;
  if (error) return <AppDataFailure error={error} onRetry={() => void refetch()} />;
  return (
    <IntlProvider
      locale={data.messages.locale ?? data.site.config?.locale}
      messages={data.messages.messages ?? EMPTY_MESSAGES}
    >
      <Suspense fallback={null}>
        <SiteTheme config={data.site.config} allowedOrigins={allowedOrigins} />
      </Suspense>
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
