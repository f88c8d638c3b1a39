import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { createTranslate } from '@/rules/format-message';
import { StudioApiError, type StudioMovie } from './api';
import { en } from './messages/en';
import {
  canMove,
  dragAnnouncements,
  movedIndex,
  moveMovie,
  movieFieldAtFault,
  movieSiteFields,
  movieSiteFieldsPatch,
  onSiteHost,
  orderedMovies,
  ratingText,
  refusedMovieField,
  releaseDateText,
  runtimeText,
  shownPosterPath,
  siteOrder,
  withFeaturedMovie,
  withMovieShown,
  withPoster,
  type MovieSiteFields,
} from './movie-order-rules';

const t = createTranslate('en', en);

/** A movie of the point of sale, only its id and title mattering here. */
const movie = (id: string, title = `Movie ${id}`): StudioMovie => ({ id, title, releaseDate: null, runtimeMinutes: 0, rating: '', posterUrl: '' });

/** The point of sale's movies, in its order. */
const movies = [movie('m1'), movie('m2'), movie('m3'), movie('m4')];

const fields = (changes: Partial<MovieSiteFields> = {}): MovieSiteFields => ({
  order: ['m1', 'm2', 'm3', 'm4'],
  excluded: [],
  featured: '',
  posters: {},
  ...changes,
});

describe("the site's order of its movies", () => {
  it.each([
    ['no order of its own: the point of sale’s', [], ['m1', 'm2', 'm3', 'm4']],
    ['those named first, the others after in the point of sale’s order', ['m3', 'm1'], ['m3', 'm1', 'm2', 'm4']],
    ['every one named', ['m4', 'm3', 'm2', 'm1'], ['m4', 'm3', 'm2', 'm1']],
    ['an id the site no longer has skipped', ['m9', 'm2'], ['m2', 'm1', 'm3', 'm4']],
    ['an id named twice counted once, where first named', ['m2', 'm4', 'm2'], ['m2', 'm4', 'm1', 'm3']],
  ])('%s', (_, order, expected) => {
    expect(siteOrder(movies, order)).toEqual(expected);
    expect(orderedMovies(movies, order).map(({ id }) => id)).toEqual(expected);
  });

  it('reads the fields of the document, the order complete', () => {
    const document = {
      config: {
        movieOrderIndex: ['m3'],
        globalExcludedMovieIds: ['m2'],
        featuredMovieId: 'm3',
        posterOverrides: { m1: '/media/0123456789abcdef.jpg' },
      },
    };
    expect(movieSiteFields(document, movies)).toEqual({
      order: ['m3', 'm1', 'm2', 'm4'],
      excluded: ['m2'],
      featured: 'm3',
      posters: { m1: '/media/0123456789abcdef.jpg' },
    });
    expect(movieSiteFields({}, movies)).toEqual(fields());
    expect(movieSiteFields({ config: { movieOrderIndex: null, posterOverrides: null } }, movies)).toEqual(fields());
  });
});

describe('moving a movie', () => {
  it.each([
    ['to the top', 'm3', 0, ['m3', 'm1', 'm2', 'm4']],
    ['one place up', 'm3', 1, ['m1', 'm3', 'm2', 'm4']],
    ['one place down', 'm1', 1, ['m2', 'm1', 'm3', 'm4']],
    ['to the bottom', 'm1', 3, ['m2', 'm3', 'm4', 'm1']],
    ['past either end: to that end', 'm2', 9, ['m1', 'm3', 'm4', 'm2']],
    ['where it is', 'm2', 1, ['m1', 'm2', 'm3', 'm4']],
    ['one not in the list: nothing moves', 'm9', 0, ['m1', 'm2', 'm3', 'm4']],
  ])('%s', (_, id, index, expected) => {
    expect(moveMovie(['m1', 'm2', 'm3', 'm4'], id, index)).toEqual(expected);
  });

  it.each([
    [2, 'up', 1, true],
    [2, 'down', 3, true],
    [2, 'top', 0, true],
    [0, 'up', -1, false],
    [0, 'top', 0, false],
    [3, 'down', 4, false],
    [3, 'up', 2, true],
  ] as const)('the movie at %i moved %s goes to %i (a move: %s)', (index, move, to, moves) => {
    expect(movedIndex(index, move)).toBe(to);
    expect(canMove(index, 4, move)).toBe(moves);
  });
});

describe('showing, featuring and the posters', () => {
  it('keeps a movie off the site, and shows it again', () => {
    const hidden = withMovieShown(fields(), 'm2', false);
    expect(hidden.excluded).toEqual(['m2']);
    expect(withMovieShown(hidden, 'm2', true).excluded).toEqual([]);
  });

  it('unfeatures a movie kept off the site, and features none that is', () => {
    const featured = withFeaturedMovie(fields(), 'm2');
    expect(featured.featured).toBe('m2');
    const hidden = withMovieShown(featured, 'm2', false);
    expect(hidden.featured).toBe('');
    expect(withFeaturedMovie(hidden, 'm2')).toBe(hidden);
    // Another movie kept off the site leaves the featured one as it is.
    expect(withMovieShown(featured, 'm3', false).featured).toBe('m2');
    expect(withFeaturedMovie(featured, '').featured).toBe('');
  });

  it("sets a movie's poster, and gives it the point of sale's again", () => {
    const set = withPoster(fields(), 'm1', '/media/0123456789abcdef.jpg');
    expect(set.posters).toEqual({ m1: '/media/0123456789abcdef.jpg' });
    expect(withPoster(set, 'm1', null).posters).toEqual({});
  });
});

describe('the merge patch a save sends', () => {
  it.each<[string, Partial<MovieSiteFields>, Partial<MovieSiteFields>, unknown]>([
    ['nothing changed: none', {}, {}, {}],
    ['a movie moved: the whole order', {}, { order: ['m3', 'm1', 'm2', 'm4'] }, { config: { movieOrderIndex: ['m3', 'm1', 'm2', 'm4'] } }],
    [
      'a movie the order left out, with those it names: the whole order',
      { order: ['m2'] },
      { order: ['m4', 'm2'] },
      { config: { movieOrderIndex: ['m4', 'm2', 'm1', 'm3'] } },
    ],
    ['the order of the document, completed: not written', { order: ['m2'] }, { order: ['m2', 'm1', 'm3', 'm4'] }, {}],
    ['a movie kept off the site: the list whole, in the site’s order', { excluded: ['m4'] }, { excluded: ['m4', 'm1'] }, { config: { globalExcludedMovieIds: ['m1', 'm4'] } }],
    ['the same movies kept off, listed otherwise: not written', { excluded: ['m4', 'm1'] }, { excluded: ['m1', 'm4'] }, {}],
    ['every movie shown again: an empty list', { excluded: ['m2'] }, { excluded: [] }, { config: { globalExcludedMovieIds: [] } }],
    ['a movie featured', {}, { featured: 'm2' }, { config: { featuredMovieId: 'm2' } }],
    ['none featured any more: empty', { featured: 'm2' }, { featured: '' }, { config: { featuredMovieId: '' } }],
    [
      'a poster set, one changed, one removed: null for it',
      { posters: { m2: '/media/a.jpg', m3: '/media/b.jpg', m4: '/media/c.jpg' } },
      { posters: { m1: '/media/d.jpg', m2: '/media/e.jpg', m4: '/media/c.jpg' } },
      { config: { posterOverrides: { m1: '/media/d.jpg', m2: '/media/e.jpg', m3: null } } },
    ],
    [
      'all at once: one patch',
      {},
      { order: ['m2', 'm1', 'm3', 'm4'], excluded: ['m4'], featured: 'm1', posters: { m3: '/media/a.jpg' } },
      {
        config: {
          movieOrderIndex: ['m2', 'm1', 'm3', 'm4'],
          globalExcludedMovieIds: ['m4'],
          featuredMovieId: 'm1',
          posterOverrides: { m3: '/media/a.jpg' },
        },
      },
    ],
  ])('%s', (_, before, after, patch) => {
    expect(movieSiteFieldsPatch(fields(before), fields(after), movies)).toEqual(patch);
  });

  it("sends no movie the site no longer has, in the order or among those kept off", () => {
    const patch = movieSiteFieldsPatch(fields(), fields({ order: ['m9', 'm4'], excluded: ['m9', 'm3'] }), movies);
    expect(patch).toEqual({ config: { movieOrderIndex: ['m4', 'm1', 'm2', 'm3'], globalExcludedMovieIds: ['m3'] } });
  });
});

describe('a refusal', () => {
  it.each([
    ['config.movieOrderIndex[3]', { part: 'order' }],
    ['config.movieOrderIndex', { part: 'order' }],
    ['config.globalExcludedMovieIds[0]', { part: 'excluded' }],
    ['config.featuredMovieId', { part: 'featured' }],
    ['config.posterOverrides.m1', { part: 'poster', movieId: 'm1' }],
    ['config.posterOverrides.a.b', { part: 'poster', movieId: 'a.b' }],
    ['config.posterOverrides', { part: 'posters' }],
    ['config.theme.palette.primary', undefined],
    ['config.movieOrderIndexes', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('naming %s is about %j', (field, fault) => {
    expect(movieFieldAtFault(field)).toEqual(fault);
  });

  it('is one of a 400 or a 422 naming a field of the movies’', () => {
    expect(refusedMovieField(new StudioApiError(422, 'invalid_argument', 'excluded', 'config.featuredMovieId'))).toEqual({ part: 'featured' });
    expect(refusedMovieField(new StudioApiError(400, 'invalid_argument', 'bad', 'config.posterOverrides.m1'))).toEqual({ part: 'poster', movieId: 'm1' });
    expect(refusedMovieField(new StudioApiError(403, 'forbidden', 'no', 'config.featuredMovieId'))).toBeUndefined();
    expect(refusedMovieField(new StudioApiError(422, 'invalid_argument', 'bad', 'name'))).toBeUndefined();
    expect(refusedMovieField(new Error('config.featuredMovieId'))).toBeUndefined();
  });
});

describe('what the screen shows of a movie', () => {
  it.each([
    ['a poster of the library, by its own path (no narrower file is sure to be there)', '/media/0123456789abcdef.jpg', '/media/0123456789abcdef.jpg'],
    ["the point of sale's poster, without one", undefined, '/posters/1001.jpg'],
  ])('shows %s', (_which, override, shown) => {
    expect(shownPosterPath({ posterUrl: '/posters/1001.jpg' }, override)).toBe(shown);
  });

  it("takes a path on the site from the site's own host", () => {
    expect(onSiteHost('/posters/1001.jpg', 'https://marquee.example')).toBe('https://marquee.example/posters/1001.jpg');
    expect(onSiteHost('/posters/1001.jpg', 'https://cinema.example/marquee/')).toBe('https://cinema.example/posters/1001.jpg');
    expect(onSiteHost('', 'https://marquee.example')).toBeUndefined();
    expect(onSiteHost('/posters/1001.jpg', 'not an origin')).toBeUndefined();
  });

  it.each([
    ['2026-12-18', 'Dec 18, 2026'],
    ['2027-01-01', 'Jan 1, 2027'],
    [null, 'Not announced'],
    ['someday', 'Not announced'],
  ])('gives the release date %s as %s', (date, text) => {
    expect(releaseDateText(t, date)).toBe(text);
  });

  it.each([
    [166, '2 h 46 min'],
    [120, '2 h 0 min'],
    [45, '45 min'],
    [0, 'Not known'],
  ])('gives a runtime of %i minutes as %s', (minutes, text) => {
    expect(runtimeText(t, minutes)).toBe(text);
  });

  it('gives the rating as the point of sale does, or says there is none', () => {
    expect(ratingText(t, 'PG-13')).toBe('PG-13');
    expect(ratingText(t, ' ')).toBe('Not rated');
  });
});

describe('what a screen reader is told of a drag', () => {
  const order = ['m1', 'm2', 'm3'];
  const titles: Record<string, string> = { m1: 'Dune', m2: 'Metropolis', m3: 'Alien' };
  const announce = dragAnnouncements(t, order, (id) => titles[id] ?? id);
  const active = { id: 'm3' } as Active;
  const over = (id: string) => ({ id }) as Over;

  it('names the movie and its positions', () => {
    expect(announce.onDragStart({ active })).toBe('Picked up Alien, at position 3 of 3.');
    expect(announce.onDragOver({ active, over: over('m1') })).toBe('Alien is over position 1 of 3.');
    expect(announce.onDragOver({ active, over: null })).toBe('Alien is no longer over the list.');
    expect(announce.onDragEnd({ active, over: over('m1') })).toBe('Alien was dropped at position 1 of 3.');
    expect(announce.onDragEnd({ active, over: null })).toBe('Alien was put back at position 3 of 3.');
    expect(announce.onDragCancel({ active, over: null })).toBe('Alien was put back at position 3 of 3.');
  });
});
