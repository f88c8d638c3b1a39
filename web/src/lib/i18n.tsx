import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { formatMessage, formatMessageList, type MessageParams } from './format-message';

export type Translate = {
  (key: string, params?: MessageParams): string;
  list: (key: string) => string[];
  locale: string;
};

const DEFAULT_LOCALE = 'en-US';

function createTranslate(locale: string, messages: Readonly<Record<string, string>>): Translate {
  const t = ((key: string, params?: MessageParams) =>
    formatMessage(messages, key, params)) as Translate;
  t.list = (key: string) => formatMessageList(messages, key);
  t.locale = locale;
  return t;
}

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
