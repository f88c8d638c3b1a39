import { describe, expect, it } from 'vitest';
import { createTranslate } from '@/rules/format-message';
import { StudioApiError } from './api';
import { altProblem, mediaFailureText, mediaFieldRefusal, mediaFileProblem, mediaSize, thumbnailAttemptUrl } from './media-rules';
import { en } from './messages/en';

const t = createTranslate('en', en);

describe("an image's alt text, checked as the server checks it", () => {
  it.each([
    ['The lobby, with its ramp', undefined],
    ['  The lobby  ', undefined],
    ['', 'missing'],
    ['   ', 'missing'],
    ['\t\n', 'missing'],
    ['a'.repeat(500), undefined],
    [` ${'a'.repeat(500)} `, undefined],
    ['a'.repeat(501), 'tooLong'],
    // Characters, not UTF-16 units: 500 emoji are 1,000 units.
    ['🎬'.repeat(500), undefined],
    ['🎬'.repeat(501), 'tooLong'],
    ['The lobby\nand its ramp', 'lineBreak'],
    ['The lobby\r\nand its ramp', 'lineBreak'],
    ['The lobby\tand its ramp', 'lineBreak'],
    ['The lobby\u0000', 'lineBreak'],
    ['The lobby\u0085and its ramp', 'lineBreak'],
    // A line break at either end is trimmed away, as the server trims it.
    ['The lobby\n', undefined],
  ])('finds in %j: %s', (alt, problem) => {
    expect(altProblem(alt)).toBe(problem);
  });
});

describe('the file chosen for the library', () => {
  const file = (type: string, size = 1000) => ({ type, size });

  it.each([
    ['none', undefined, 'missing'],
    ['a JPEG', file('image/jpeg'), undefined],
    ['a PNG', file('image/png'), undefined],
    ['a WebP image', file('image/webp'), undefined],
    ['an SVG', file('image/svg+xml'), 'type'],
    ['a GIF', file('image/gif'), 'type'],
    ['a file of no known type', file(''), 'type'],
    ['a JPEG of 10 MiB', file('image/jpeg', 10 * 1024 * 1024), undefined],
    ['a JPEG over 10 MiB', file('image/jpeg', 10 * 1024 * 1024 + 1), 'tooLarge'],
  ])('finds in %s: %s', (_name, chosen, problem) => {
    expect(mediaFileProblem(chosen)).toBe(problem);
  });
});

describe("the field of the library's forms a refusal is about", () => {
  it.each([
    [
      new StudioApiError(400, 'invalid_argument', 'file: not a JPEG, PNG or WebP image', 'file'),
      { field: 'file', message: 'file: not a JPEG, PNG or WebP image' },
    ],
    [new StudioApiError(400, 'invalid_argument', 'alt: at most 500 characters', 'alt'), { field: 'alt', message: 'alt: at most 500 characters' }],
    [new StudioApiError(413, 'payload_too_large', 'file: an image is at most 10 MiB'), { field: 'file', message: 'The image can be 10 MB at most.' }],
    [new StudioApiError(400, 'invalid_argument', 'the form takes one file and its alt text', 'other'), undefined],
    [new StudioApiError(422, 'failed_precondition', "the site's share of the store is full"), undefined],
    [new StudioApiError(503, 'service_unavailable', 'svc-catalogue is unavailable'), undefined],
    [new TypeError('Failed to fetch'), undefined],
  ])('%s: %j', (error, refusal) => {
    expect(mediaFieldRefusal(t, error)).toEqual(refusal);
  });
});

describe('what is said of a change to the library that did not happen', () => {
  it.each([
    [new StudioApiError(403, 'permission_denied', 'not an editor of demo'), 'Your role on Marquee Cinemas does not allow you to delete its images.'],
    [
      new StudioApiError(422, 'failed_precondition', "the image is in use: the draft's page lobby, page about"),
      "The studio did not delete the image: the image is in use: the draft's page lobby, page about",
    ],
    [
      new StudioApiError(503, 'service_unavailable', 'svc-catalogue is unavailable'),
      "The image could not be deleted: the studio's service is unavailable. Try again in a moment.",
    ],
    [new StudioApiError(500, 'internal', 'boom'), 'The image could not be deleted: the studio did not answer. Check your connection and try again.'],
    [new TypeError('Failed to fetch'), 'The image could not be deleted: the studio did not answer. Check your connection and try again.'],
  ])('%s: %s', (error, text) => {
    expect(mediaFailureText(t, error, 'Marquee Cinemas', 'delete')).toBe(text);
  });
});

describe("an image's size, worded", () => {
  it.each([
    [0, '1 KB'],
    [300, '1 KB'],
    [1024, '1 KB'],
    [250_000, '244 KB'],
    [1023 * 1024, '1,023 KB'],
    [1024 * 1024, '1 MB'],
    [1.25 * 1024 * 1024, '1.3 MB'],
    [12 * 1024 * 1024, '12 MB'],
  ])('%d bytes: %s', (bytes, words) => {
    expect(mediaSize(t, bytes)).toBe(words);
  });
});

describe("a thumbnail's address, each time it is loaded", () => {
  it.each([
    ['https://marquee.example/media/a1-480.webp', 0, 'https://marquee.example/media/a1-480.webp'],
    ['https://marquee.example/media/a1-480.webp', 1, 'https://marquee.example/media/a1-480.webp?try=1'],
    ['https://marquee.example/media/a1-480.webp', 5, 'https://marquee.example/media/a1-480.webp?try=5'],
    ['https://marquee.example/media/a1-480.webp?v=2', 2, 'https://marquee.example/media/a1-480.webp?v=2&try=2'],
  ])('%s, attempt %d: %s', (url, attempt, address) => {
    expect(thumbnailAttemptUrl(url, attempt)).toBe(address);
  });
});
