export type MovieFilters = {
  theaterId?: string;
  playWeek?: string;
};

export const movieKeys = {
  all: ['movies'] as const,
  lists: () => [...movieKeys.all, 'list'] as const,
  list: (filters: MovieFilters) =>
    [...movieKeys.lists(), { theaterId: filters.theaterId ?? '', playWeek: filters.playWeek ?? '' }] as const,
  details: () => [...movieKeys.all, 'detail'] as const,
  detail: (id: string) => [...movieKeys.details(), id] as const,
};
