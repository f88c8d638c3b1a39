import { describe, expect, it } from 'vitest';
import { createTranslate } from '@/rules/format-message';
import { StudioApiError } from './api';
import { draftRecordFailureText } from './draft-record-rules';
import { en } from './messages/en';

const t = createTranslate('en', en);

describe('a save or a removal that failed, but of a field', () => {
  it.each([
    ['studio.event', new StudioApiError(403, 'forbidden', 'no'), 'Your role on Marquee Cinemas does not let you change this event.'],
    ['studio.event.remove', new StudioApiError(403, 'forbidden', 'no'), 'Your role on Marquee Cinemas does not let you remove this event.'],
    ['studio.page.remove', new StudioApiError(403, 'forbidden', 'no'), 'Your role on Marquee Cinemas does not let you change its pages.'],
    [
      'studio.page',
      new StudioApiError(503, 'unavailable', 'down'),
      "The page could not be saved: the studio's service is unavailable. Your changes are still here: try again in a moment.",
    ],
    ['studio.page', new StudioApiError(409, 'conflict', 'The draft is being published.'), 'The page was not saved: The draft is being published.'],
    ['studio.event.remove', new StudioApiError(404, 'not_found', 'No such event.'), 'The event was not removed: No such event.'],
    [
      'studio.event.remove',
      new StudioApiError(500, 'internal', 'boom'),
      'The event could not be removed: the studio did not answer. Check your connection and try again.',
    ],
    [
      'studio.page',
      new TypeError('Failed to fetch'),
      'The page could not be saved: the studio did not answer. Your changes are still here: check your connection and try again.',
    ],
  ])('%s, %s: %s', (messages, error, text) => {
    expect(draftRecordFailureText(t, error, messages, 'Marquee Cinemas')).toBe(text);
  });
});
