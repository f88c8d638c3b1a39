// The build-time settings the app reads (Vite `VITE_*` variables), each unset by default.
interface ImportMetaEnv {
  /** Site-builder origins allowed to customise the page live, comma-separated (config/env.ts). */
  readonly VITE_BUILDER_ORIGINS?: string;
  /** A Didomi notice id overriding the site's (features/consent/utils/site-consent-manager.ts). */
  readonly VITE_DIDOMI_NOTICE_ID?: string;
  /** The Didomi API key; without it the first-party banner serves. */
  readonly VITE_DIDOMI_API_KEY?: string;
  /** 'true' turns consent management off. */
  readonly VITE_CONSENT_MANAGER_DISABLED?: string;
  /** 'true' turns analytics off. */
  readonly VITE_ANALYTICS_DISABLED?: string;
}

declare module 'virtual:font-categories' {
  /**
   * The installed fontsource families that are serif or monospace, by their metrics; any
   * other is sans-serif (build/font-sheets.ts, whose fallback faces stand on the same kinds).
   */
  export const FONT_CATEGORIES: Readonly<Record<string, 'serif' | 'monospace'>>;
}
