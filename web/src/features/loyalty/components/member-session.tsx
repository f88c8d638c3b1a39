// The loyalty session for a part of the page, from the site's loyalty configuration and
// the visitor's theater. Every part shares one controller (utils/session-registry.ts).

import type { ReactNode } from 'react';
import { useSelectedTheater } from '@/lib/selected-theater';
import { useAppData } from '@/lib/app-data';
import { resolveCurrentTheater } from '@/lib/current-theater';
import { LoyaltySessionProvider } from '../hooks/loyalty-session';

export function MemberSession({ children }: { children: ReactNode }) {
  const { data } = useAppData();
  const { selectedTheaterId } = useSelectedTheater();
  const config = data?.site?.loyalty;
  if (!config) return null;
  // SPEC.md section 4: on a chain the visitor's choice, else none (never the first theater).
  const theater = resolveCurrentTheater(data.theaters ?? [], {
    isSingleLocation: Boolean(data.site?.config?.isSingleLocation),
    selectedTheaterId,
  });
  return (
    <LoyaltySessionProvider config={config} currentTheaterId={theater?.id}>
      {children}
    </LoyaltySessionProvider>
  );
}
