import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App({ queryClient, embedContext }: { queryClient: QueryClient; embedContext: string | undefined }) {
  return (
    <AppProvider queryClient={queryClient} embedContext={embedContext}>
      <AppRouter />
    </AppProvider>
  );
}
