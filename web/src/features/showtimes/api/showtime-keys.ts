export type ShowtimeFilters = {
  theaterId?: string;
  movieId?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  /** YYYY-MM-DD, inclusive. */
  to?: string;
};

export const showtimeKeys = {
  all: ['showtimes'] as const,
  lists: () => [...showtimeKeys.all, 'list'] as const,
  list: (filters: ShowtimeFilters) =>
    [
      ...showtimeKeys.lists(),
      {
        theaterId: filters.theaterId ?? '',
        movieId: filters.movieId ?? '',
        from: filters.from ?? '',
        to: filters.to ?? '',
      },
    ] as const,
};
