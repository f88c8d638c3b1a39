import { describe, expect, it } from 'vitest';
import type { Showtime } from '@/types/api';
import { hasNoShowtimesYet } from './published-showtimes';

const showtime = { id: 's1', movieId: '1004', theaterId: 't1' } as Showtime;

describe('hasNoShowtimesYet', () => {
  it.each([
    ['no showtimes published', { showtimes: [] }, true],
    ['showtimes published', { showtimes: [showtime] }, false],
    ["a large chain's page, no theater showing it", { theaterIds: [] }, true],
    ["a large chain's page, theaters showing it", { theaterIds: ['t1'] }, false],
    ['neither given', {}, true],
  ])('%s: %s', (_name, content, expected) => {
    expect(hasNoShowtimesYet(content)).toBe(expected);
  });
});
