import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ColourModeProvider } from '@/lib/colour-mode';
import { IntlProvider } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { SelectedTheaterProvider } from '@/lib/selected-theater';
import { useAppData } from '@/features/site/api/get-app-data';
import { ThemeStyle } from '@/features/site/components/theme-style';
import { AppDataFailure } from './app-data-failure';

const EMPTY_MESSAGES: Readonly<Record<string, string>> = {};

/**
 * Nothing renders before the app data: without the theme and the locale messages the
 * page would flash unstyled, untranslated text.
 */
function AppDataGate({ children }: { children: ReactNode }) {
  const { data, error, refetch, isPending } = useAppData();
  if (isPending) return <div className="app-loading" aria-busy="true" />;
  if (error) return <AppDataFailure error={error} onRetry={() => void refetch()} />;
  return (
    <IntlProvider
      locale={data.messages?.locale ?? data.site?.config?.locale}
      messages={data.messages?.messages ?? EMPTY_MESSAGES}
    >
      <ThemeStyle config={data.site?.config} />
      {children}
    </IntlProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ColourModeProvider>
        <SelectedTheaterProvider>
          <AppDataGate>{children}</AppDataGate>
        </SelectedTheaterProvider>
      </ColourModeProvider>
    </QueryClientProvider>
  );
}
