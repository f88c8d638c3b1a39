export const siteKeys = {
  all: ['site'] as const,
  appData: () => [...siteKeys.all, 'app-data'] as const,
};
