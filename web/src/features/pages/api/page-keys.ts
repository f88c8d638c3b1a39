export const pageKeys = {
  all: ['pages'] as const,
  details: () => [...pageKeys.all, 'detail'] as const,
  detail: (slug: string) => [...pageKeys.details(), slug] as const,
};
