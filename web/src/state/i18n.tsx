import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { createTranslate, type Translate } from '@/rules/format-message';

const DEFAULT_LOCALE = 'en-US';

const IntlContext = createContext<Translate>(createTranslate(DEFAULT_LOCALE, {}));

export function IntlProvider({
  locale,
  messages,
  children,
}: {
  locale?: string;
  messages: Readonly<Record<string, string>>;
  children: ReactNode;
}) {
  const t = useMemo(
    () => createTranslate(locale || DEFAULT_LOCALE, messages),
    [locale, messages],
  );
  useEffect(() => {
    document.documentElement.lang = t.locale;
  }, [t.locale]);
  return <IntlContext.Provider value={t}>{children}</IntlContext.Provider>;
}

/** `t(key, params)` over the site's locale messages; `t.locale` for Intl formatters. */
export function useTranslate(): Translate {
  return useContext(IntlContext);
}
