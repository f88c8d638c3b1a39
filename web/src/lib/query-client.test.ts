import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('retries a failed page load up to 3 times', () => {
    const error = new ApiError(503, 'unavailable', 'down');
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, error))).toEqual([true, true, true, false]);
  });

  it('retries a network failure', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('never retries an answer that will not change, such as not found', () => {
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'gone'))).toBe(false);
  });

  it('never retries a loyalty provider’s refusal or any other answer', () => {
    class LoyaltyRefusal extends Error {}
    expect(shouldRetry(0, new LoyaltyRefusal('the loyalty provider answered code 26'))).toBe(false);
    expect(shouldRetry(0, new SyntaxError('Unexpected token'))).toBe(false);
  });
});
