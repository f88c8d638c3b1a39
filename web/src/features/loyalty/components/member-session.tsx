// The loyalty session for a part of the page, from the site's loyalty configuration and
// the visitor's theater. Every part shares one controller (utils/session-registry.ts).

import type { ReactNode } from 'react';
import { useAppData } from '@/lib/app-data';
import { useCurrentTheater } from '@/lib/current-theater';
import { LoyaltySessionProvider } from '../hooks/loyalty-session';

export function MemberSession({ children }: { children: ReactNode }) {
  const { data } = useAppData();
  // SPEC.md section 4: the page's theater, else the visitor's choice, else none (never
  // the first theater of a chain).
  const theater = useCurrentTheater();
  const config = data?.site?.loyalty;
  if (!config) return null;
  return (
    <LoyaltySessionProvider config={config} currentTheaterId={theater?.id}>
      {children}
    </LoyaltySessionProvider>
  );
}
