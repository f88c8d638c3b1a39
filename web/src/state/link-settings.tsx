import { createContext, useContext, type ReactNode } from 'react';
import type { LinkContext } from '@/rules/link-rules';

/** What the link rules need beyond the current location; the app fills it. */
export type LinkSettings = Omit<LinkContext, 'location'>;

const LinkSettingsContext = createContext<LinkSettings>({});

export function LinkSettingsProvider({ value, children }: { value: LinkSettings; children: ReactNode }) {
  return <LinkSettingsContext.Provider value={value}>{children}</LinkSettingsContext.Provider>;
}

export function useLinkSettings(): LinkSettings {
  return useContext(LinkSettingsContext);
}
