// The loyalty session for a part of the page, from the site's loyalty configuration and
// the visitor's theater. Every part shares one controller (utils/session-registry.ts).

import type { ReactNode } from 'react';
import { useSelectedTheater } from '@/lib/selected-theater';
import { useAppData } from '@/features/site/api/get-app-data';
import { LoyaltySessionProvider } from '../hooks/loyalty-session';

export function MemberSession({ children }: { children: ReactNode }) {
  const { data } = useAppData();
  const { selectedTheaterId } = useSelectedTheater();
  const config = data?.site?.loyalty;
  if (!config) return null;
  const theaterId = data?.site?.config?.isSingleLocation ? data.theaters?.[0]?.id : selectedTheaterId;
  return (
    <LoyaltySessionProvider config={config} currentTheaterId={theaterId ?? data?.theaters?.[0]?.id}>
      {children}
    </LoyaltySessionProvider>
  );
}
