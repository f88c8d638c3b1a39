import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Customisation } from '../utils/customisation-message';

const CustomisationContext = createContext<Customisation>({});

/** The window that embeds or opened this page: the site builder, when there is one. */
function builderWindow(): Window | null {
  if (window.opener) return window.opener as Window;
  return window.parent !== window ? window.parent : null;
}

/** Holds the customisation the site builder makes live (docs/pages-and-links.md#live-customisation). */
export function LiveCustomisationProvider({
  allowedOrigins,
  children,
}: {
  allowedOrigins: readonly string[];
  children: ReactNode;
}) {
  const [customisation, setCustomisation] = useState<Customisation>({});

  useEffect(() => {
    const builder = builderWindow();
    if (!builder) return undefined;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../utils/builder-listener').then(({ listenToBuilder }) => {
      if (!cancelled) stop = listenToBuilder(builder, allowedOrigins, setCustomisation);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [allowedOrigins]);

  return <CustomisationContext.Provider value={customisation}>{children}</CustomisationContext.Provider>;
}

export function useCustomisation(): Customisation {
  return useContext(CustomisationContext);
}
