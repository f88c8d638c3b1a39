import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ColourModeProvider } from '@/state/colour-mode';
import { SelectedTheaterProvider } from '@/state/selected-theater';
import { renderWithApp } from '@/testing/render';
import { mainNavigation } from './main-navigation';
import { SiteHeader } from './site-header';

const theaters = [
  { id: 't1', name: 'Lakeside 12' },
  { id: 't2', name: 'Downtown Grand' },
  { id: 't3', name: 'Riverside IMAX' },
];

const messages = {
  'nav.main': 'Main',
  'nav.movies': 'Movies',
  'nav.theaters': 'Theaters',
  'nav.theater': 'Visit us',
  'nav.showtimes': 'Showtimes',
  'nav.events': 'Events',
  'theaterPicker.label': 'Your theater',
};

function renderHeader(isSingleLocation: boolean) {
  renderWithApp(
    <ColourModeProvider>
      <SelectedTheaterProvider>
        <SiteHeader
          siteName="Marquee Cinemas"
          settings={{ logo: { src: '/logo.svg' } }}
          theaters={theaters}
          isSingleLocation={isSingleLocation}
          navigation={mainNavigation(isSingleLocation, theaters)}
        />
      </SelectedTheaterProvider>
    </ColourModeProvider>,
    messages,
  );
}

afterEach(cleanup);

describe('SiteHeader', () => {
  it('shows the site name and logo and the four sections', () => {
    renderHeader(false);
    expect(screen.getByTestId('site-name').textContent).toBe('Marquee Cinemas');
    expect(screen.getByAltText('Marquee Cinemas').getAttribute('src')).toBe('/logo.svg');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Movies', '/movies/'],
      ['Theaters', '/theaters/'],
      ['Showtimes', '/showtimes/'],
      ['Events', '/events/'],
    ]);
  });

  it('offers the theater picker on a multi-location site', () => {
    renderHeader(false);
    expect(screen.getByLabelText('Your theater')).toBeTruthy();
  });

  it('has no theater picker on a single-location site', () => {
    renderHeader(true);
    expect(screen.queryByLabelText('Your theater')).toBeNull();
  });

  it('leads to its theater, never to a theater list, on a single-location site', () => {
    renderHeader(true);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toContainEqual(['Visit us', '/theaters/t1/']);
    expect(links.filter(([, href]) => href === '/theaters/')).toEqual([]);
  });
});
