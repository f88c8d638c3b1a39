import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { MovieCard } from './movie-card';

afterEach(cleanup);

describe('MovieCard', () => {
  it('links to the movie page and describes the poster', () => {
    renderWithApp(
      <MovieCard
        movie={{
          id: '12',
          slug: 'night-train',
          title: 'Night Train',
          posterUrl: '/posters/12.svg',
          rating: 'PG-13',
          runtimeMinutes: 125,
          flags: ['NEW'],
        }}
      />,
      {
        'movie.posterAlt': 'Poster for {0}',
        'movie.runtime': '{0} h {1} min',
        'movie.flag.NEW': 'New',
      },
    );
    expect(screen.getByRole('link').getAttribute('href')).toBe('/movies/12-night-train/');
    expect(screen.getByAltText('Poster for Night Train').getAttribute('src')).toBe('/posters/12.svg');
    expect(screen.getByText('2 h 5 min')).toBeTruthy();
    expect(screen.getByText('New')).toBeTruthy();
  });

  it('shows its caption below the title, outside the link', () => {
    renderWithApp(<MovieCard movie={{ id: '9', slug: 'neon-requiem', title: 'Neon Requiem' }} caption="Next week" />);
    const caption = screen.getByText('Next week');
    expect(caption.closest('a')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Neon Requiem' }).compareDocumentPosition(caption)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
