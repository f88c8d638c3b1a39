import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('retries a failed page load up to 3 times', () => {
    const error = new ApiError(503, 'unavailable', 'down');
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, error))).toEqual([true, true, true, false]);
  });

  it('never retries an answer that will not change, such as not found', () => {
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'gone'))).toBe(false);
  });
});
