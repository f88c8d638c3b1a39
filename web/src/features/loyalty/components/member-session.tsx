// The loyalty session for a part of the page, from the site's loyalty configuration and
// the visitor's theater. Every part shares one controller (utils/session-registry.ts).

import type { ReactNode } from 'react';
import { useAppData } from '@/api/get-app-data';
import { useCurrentTheater } from '@/state/use-current-theater';
import { LoyaltySessionProvider } from '../hooks/loyalty-session';

export function MemberSession({ children }: { children: ReactNode }) {
  const { data } = useAppData();
  // docs/pages-and-links.md#current-theater: the page's theater, else the visitor's choice,
  // else none (never the first theater of a chain).
  const theater = useCurrentTheater();
  const config = data?.site.loyalty;
  if (!config) return null;
  return (
    <LoyaltySessionProvider config={config} currentTheaterId={theater?.id}>
      {children}
    </LoyaltySessionProvider>
  );
}
