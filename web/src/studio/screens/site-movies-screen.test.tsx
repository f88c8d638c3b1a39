import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me, SiteDocument, StudioMovie } from '../api';
import { studioKeys } from '../hooks/studio-keys';
import { lobby, seat } from '../testing/media-fixtures';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, studioError, type StudioAnswers, type StudioCall } from '../testing/studio-api';
import { demo, editor, single, support, viewer } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

/** The demo site's movies, as the point of sale orders them. */
const movies: StudioMovie[] = [
  { id: '1001', title: 'The Long Night', releaseDate: '2026-12-18', runtimeMinutes: 166, rating: 'PG-13', posterUrl: '/posters/1001.jpg' },
  { id: '1002', title: 'Metropolis', releaseDate: '1927-01-10', runtimeMinutes: 153, rating: '', posterUrl: '/posters/1002.jpg' },
  { id: '1003', title: 'Dune', releaseDate: null, runtimeMinutes: 0, rating: 'PG-13', posterUrl: '/posters/1003.jpg' },
  { id: '1004', title: 'Alien', releaseDate: '1979-05-25', runtimeMinutes: 117, rating: 'R', posterUrl: '' },
];

/** The demo site's document as its draft has it: Dune first, Metropolis featured, Alien kept off the site, a poster of the library for The Long Night. */
const draftDocument: SiteDocument = {
  name: 'Marquee Cinemas',
  config: {
    locale: 'en-US',
    movieOrderIndex: ['1003', '1002'],
    globalExcludedMovieIds: ['1004'],
    featuredMovieId: '1002',
    posterOverrides: { '1001': '/media/0123456789abcdef.jpg' },
  },
};

/** The studio's API for `me` on the demo site, its movies and document as above, and `answers` besides. */
function stubMoviesApi(me: Me, answers: StudioAnswers = {}) {
  return stubSignedIn(me, [demo, single], {
    'GET /sites/demo/draft/site': { status: 200, body: draftDocument },
    'GET /sites/demo/movies': { status: 200, body: movies },
    ...answers,
  });
}

const patches = (calls: StudioCall[]) => calls.filter(({ method }) => method === 'PATCH');

/** The movies' titles, in the order the screen lists them. */
const listedTitles = () => screen.getAllByTestId('studio-movie').map((row) => within(row).getByRole('heading', { level: 2 }).textContent);

/** The row of the movie `title`. */
const row = (title: string) => screen.getByRole('group', { name: title });

describe("a site's movies", () => {
  it("lists the movies in the draft's order, each with the point of sale's facts and its site's fields", async () => {
    stubMoviesApi(editor);
    renderStudio('/sites/demo/movies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Movies of Marquee Cinemas' })).toBeTruthy();
    await screen.findByRole('list', { name: 'The movies of Marquee Cinemas, in the order the site shows them' });
    // movieOrderIndex first, then the others in the point of sale's order.
    expect(listedTitles()).toEqual(['Dune', 'Metropolis', 'The Long Night', 'Alien']);

    const night = row('The Long Night');
    expect(within(night).getByText('From the point of sale')).toBeTruthy();
    const facts = [...night.querySelectorAll('dl > div')].map((fact) => [fact.querySelector('dt')?.textContent, fact.querySelector('dd')?.textContent]);
    expect(facts).toEqual([
      ['Release date', 'Dec 18, 2026'],
      ['Runtime', '2 h 46 min'],
      ['Rating', 'PG-13'],
      ['Id', '1001'],
    ]);
    // The library's poster in place of the point of sale's, from the site's own host.
    expect(night.querySelector('img')?.getAttribute('src')).toBe('https://marquee.example/media/0123456789abcdef.jpg');
    expect(within(night).getByText("Poster: from the media library, in place of the point of sale's.")).toBeTruthy();
    expect(row('Dune').querySelector('img')?.getAttribute('src')).toBe('https://marquee.example/posters/1003.jpg');
    expect(within(row('Dune')).getByText('Not announced')).toBeTruthy();
    expect(within(row('Metropolis')).getByText('Not rated')).toBeTruthy();
    expect(within(row('Alien')).getByTestId('studio-movie-no-poster').textContent).toBe('No poster to show');

    expect(within(row('Dune')).getByRole<HTMLInputElement>('checkbox', { name: 'Shown on the site' }).checked).toBe(true);
    expect(within(row('Alien')).getByRole<HTMLInputElement>('checkbox', { name: 'Shown on the site' }).checked).toBe(false);
    expect(within(row('Metropolis')).getByRole<HTMLInputElement>('radio', { name: 'Featured on the home page' }).checked).toBe(true);
    expect(screen.getByTestId('studio-movies-featured').textContent).toBe('Featured on the home page: Metropolis.');
    // A drag handle for each movie, said to be one to a screen reader.
    const handle = within(row('Dune')).getByRole('button', { name: 'Drag Dune to another place' });
    expect(handle.getAttribute('aria-roledescription')).toBe('movie to reorder');

    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Movies' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Movies of Marquee Cinemas | Studio'));
  });

  it('moves a movie to the top with one button, and saves the whole order as a merge patch', async () => {
    const saved: SiteDocument = { ...draftDocument, config: { ...draftDocument.config, movieOrderIndex: ['1001', '1003', '1002', '1004'] } };
    const calls = stubMoviesApi(editor, { 'PATCH /sites/demo/draft/site': { status: 200, body: saved } });
    const { queryClient } = renderStudio('/sites/demo/movies');
    const toTop = await screen.findByRole('button', { name: 'Move The Long Night to the top' });
    toTop.focus();
    fireEvent.click(toTop);
    expect(listedTitles()).toEqual(['The Long Night', 'Dune', 'Metropolis', 'Alien']);
    expect(screen.getByTestId('studio-movies-moved').textContent).toBe('The Long Night is now at position 1 of 4.');
    // The focus moved with the movie, on its button, which can move it no higher now.
    expect(document.activeElement).toBe(toTop);
    expect(toTop.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('studio-movies-unsaved').textContent).toBe('Unsaved changes');

    queryClient.setQueryData(studioKeys.siteDraft('demo'), { changes: [], schedule: null });
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() =>
      expect(screen.getByTestId('studio-movies-outcome').textContent).toBe('Saved to the draft. Publish the draft to make the changes live.'),
    );
    const [patch] = patches(calls);
    expect([patch?.path, patch?.body]).toEqual(['/sites/demo/draft/site', { config: { movieOrderIndex: ['1001', '1003', '1002', '1004'] } }]);
    expect(new Headers(patch?.init.headers).get('Content-Type')).toBe('application/merge-patch+json');
    expect(queryClient.getQueryState(studioKeys.siteDraft('demo'))?.isInvalidated).toBe(true);
    expect(screen.queryByTestId('studio-movies-unsaved')).toBeNull();
    expect(listedTitles()).toEqual(['The Long Night', 'Dune', 'Metropolis', 'Alien']);

    // Saved, nothing has changed since: nothing more to send.
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(screen.getByTestId('studio-movies-outcome').textContent).toBe('Nothing to save: nothing has changed.'));
    expect(patches(calls)).toHaveLength(1);
  });

  it('moves a movie one place up or down, the top one no higher and the last one no lower', async () => {
    stubMoviesApi(editor);
    renderStudio('/sites/demo/movies');
    fireEvent.click(await screen.findByRole('button', { name: 'Move Metropolis up' }));
    expect(listedTitles()).toEqual(['Metropolis', 'Dune', 'The Long Night', 'Alien']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Metropolis up' }));
    expect(listedTitles()).toEqual(['Metropolis', 'Dune', 'The Long Night', 'Alien']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Dune down' }));
    expect(listedTitles()).toEqual(['Metropolis', 'The Long Night', 'Dune', 'Alien']);
    expect(screen.getByRole('button', { name: 'Move Alien down' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('keeps a movie off the site, which cannot be featured then, and saves both', async () => {
    const calls = stubMoviesApi(editor, { 'PATCH /sites/demo/draft/site': { status: 200, body: draftDocument } });
    renderStudio('/sites/demo/movies');
    await screen.findAllByTestId('studio-movie');
    // Alien is kept off the site: it cannot be featured, and says why.
    const alien = within(row('Alien')).getByRole<HTMLInputElement>('radio', { name: 'Featured on the home page' });
    expect(alien.disabled).toBe(true);
    expect(alien.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(row('Alien')).getByText('A movie kept off the site cannot be featured.')).toBeTruthy();

    // Metropolis, featured, kept off the site: no movie is featured any more.
    fireEvent.click(within(row('Metropolis')).getByRole('checkbox', { name: 'Shown on the site' }));
    const metropolis = within(row('Metropolis')).getByRole<HTMLInputElement>('radio', { name: 'Featured on the home page' });
    expect(metropolis.disabled).toBe(true);
    expect(metropolis.checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'No featured movie' }).checked).toBe(true);
    expect(screen.getByTestId('studio-movies-featured').textContent).toBe(
      'No movie is featured: the hero starts with the first movie now showing.',
    );

    // Alien shown again, and featured.
    fireEvent.click(within(row('Alien')).getByRole('checkbox', { name: 'Shown on the site' }));
    expect(alien.disabled).toBe(false);
    fireEvent.click(alien);
    expect(alien.checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]?.body).toEqual({ config: { globalExcludedMovieIds: ['1002'], featuredMovieId: '1004' } });
  });

  it('gives a movie a poster of the media library, and another the point of sale’s again', async () => {
    const calls = stubMoviesApi(editor, {
      'GET /sites/demo/media': { status: 200, body: [lobby, seat] },
      'PATCH /sites/demo/draft/site': { status: 200, body: draftDocument },
    });
    renderStudio('/sites/demo/movies');
    await screen.findAllByTestId('studio-movie');
    const dune = row('Dune');
    fireEvent.click(within(dune).getByRole('button', { name: 'Choose the poster of Dune from the media library' }));
    fireEvent.click(await within(dune).findByRole('button', { name: /The lobby, with its ramp/ }));
    expect(dune.querySelector('img')?.getAttribute('src')).toBe('https://marquee.example/media/m2.jpg');
    const remove = within(dune).getByRole('button', { name: "Use the point of sale's poster for Dune" });
    expect(document.activeElement).toBe(remove);

    fireEvent.click(within(row('The Long Night')).getByRole('button', { name: "Use the point of sale's poster for The Long Night" }));
    expect(row('The Long Night').querySelector('img')?.getAttribute('src')).toBe('https://marquee.example/posters/1001.jpg');
    expect(document.activeElement?.textContent).toBe("Poster: the point of sale's.");

    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]?.body).toEqual({ config: { posterOverrides: { '1001': null, '1003': '/media/m2.jpg' } } });
  });

  it('says a refusal (422) where the field it names is shown, and gives it the focus', async () => {
    const message = "movie '1003' is excluded from the site";
    stubMoviesApi(editor, { 'PATCH /sites/demo/draft/site': studioError(422, 'invalid_argument', message, 'config.featuredMovieId') });
    renderStudio('/sites/demo/movies');
    fireEvent.click(within(await screen.findByRole('group', { name: 'Dune' })).getByRole('radio', { name: 'Featured on the home page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    const refusal = await screen.findByText(`The featured movie was not saved: ${message}`);
    expect(document.activeElement).toBe(refusal);
    const featured = screen.getByRole('group', { name: "The home page's hero" });
    expect(featured.contains(refusal)).toBe(true);
    expect(featured.getAttribute('aria-describedby')).toBe(refusal.id);
    // Said there alone; the changes are still there, to change and save again.
    expect(screen.getByTestId('studio-movies-failure').textContent).toBe('');
    expect(screen.getByTestId('studio-movies-unsaved')).toBeTruthy();
  });

  it("says a refusal of a movie's poster in its row", async () => {
    const message = "'/media/m2.jpg' is not an image of the media library (/media/{id}.jpg)";
    stubMoviesApi(editor, {
      'GET /sites/demo/media': { status: 200, body: [lobby] },
      'PATCH /sites/demo/draft/site': studioError(422, 'invalid_argument', message, 'config.posterOverrides.1003'),
    });
    renderStudio('/sites/demo/movies');
    const dune = await screen.findByRole('group', { name: 'Dune' });
    fireEvent.click(within(dune).getByRole('button', { name: 'Choose the poster of Dune from the media library' }));
    fireEvent.click(await within(dune).findByRole('button', { name: /The lobby, with its ramp/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    const refusal = await within(dune).findByText(`The poster of Dune was not saved: ${message}`);
    expect(document.activeElement).toBe(refusal);
  });

  it('says what failed otherwise beside the button', async () => {
    stubMoviesApi(editor, { 'PATCH /sites/demo/draft/site': studioError(403, 'forbidden', 'no') });
    renderStudio('/sites/demo/movies');
    fireEvent.click(await screen.findByRole('button', { name: 'Move Alien to the top' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() =>
      expect(screen.getByTestId('studio-movies-failure').textContent).toBe("Your role on Marquee Cinemas does not let you change its movies' site fields."),
    );
  });

  it.each([
    ['a viewer', viewer],
    ['member support', support],
  ])('shows %s the movies to read, with no control', async (_, me) => {
    stubMoviesApi(me);
    renderStudio('/sites/demo/movies');
    expect((await screen.findByTestId('studio-movies-read-only')).textContent).toBe(
      "Your role lets you read the movies' site fields. Its editors, administrators and the operators change them.",
    );
    expect(listedTitles()).toEqual(['Dune', 'Metropolis', 'The Long Night', 'Alien']);
    const form = screen.getByRole('form', { name: 'The movies of Marquee Cinemas' });
    expect(within(form).queryAllByRole('button')).toEqual([]);
    expect(within(form).queryAllByRole('checkbox')).toEqual([]);
    expect(within(form).queryAllByRole('radio')).toEqual([]);
    expect(within(row('Alien')).getByText('Kept off the site')).toBeTruthy();
    expect(within(row('Metropolis')).getByText('Featured on the home page')).toBeTruthy();
    expect(screen.getByTestId('studio-movies-featured').textContent).toBe('Featured on the home page: Metropolis.');
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Movies' }).getAttribute('href')).toBe('/sites/demo/movies');
  });

  it("shows a theater manager the site's movies to read", async () => {
    stubSignedIn(editor, [demo, single], {
      'GET /sites/single/draft/site': { status: 200, body: {} },
      'GET /sites/single/movies': { status: 200, body: movies },
    });
    renderStudio('/sites/single/movies');
    expect(await screen.findByTestId('studio-movies-read-only')).toBeTruthy();
    // No order of its own: the point of sale's.
    expect(listedTitles()).toEqual(['The Long Night', 'Metropolis', 'Dune', 'Alien']);
    expect(screen.queryByRole('button', { name: 'Save to the draft' })).toBeNull();
  });

  it('says so when the site has no movie yet', async () => {
    stubMoviesApi(editor, { 'GET /sites/demo/movies': { status: 200, body: [] } });
    renderStudio('/sites/demo/movies');
    expect((await screen.findByTestId('studio-movies-none')).textContent).toBe('Marquee Cinemas has no movie yet: its point of sale adds them.');
  });

  it('says the site is no longer among those the staff member may open (404)', async () => {
    stubMoviesApi(editor, { 'GET /sites/demo/movies': studioError(404, 'not_found', 'no such site') });
    renderStudio('/sites/demo/movies');
    expect((await screen.findByTestId('studio-movies-not-found')).textContent).toContain('Marquee Cinemas is no longer among the sites you may open.');
  });
});
