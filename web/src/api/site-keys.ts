export const siteKeys = {
  all: ['site'] as const,
  appData: () => [...siteKeys.all, 'app-data'] as const,
  pageDatas: () => [...siteKeys.all, 'page-data'] as const,
  /** One page's data, by the name of its file: `movies/1001-x` for `/movies/1001-x/`, `index` for `/`. */
  pageData: (name: string) => [...siteKeys.pageDatas(), name] as const,
  /** Where the gateway redirects an address (a path and query), if it does. */
  pageRedirect: (address: string) => [...siteKeys.all, 'page-redirect', address] as const,
};
