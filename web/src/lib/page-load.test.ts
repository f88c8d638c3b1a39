import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { loadWithRetry, pageLoadFallback } from './page-load';

describe('pageLoadFallback', () => {
  it.each([
    [new ApiError(404, 'not_found', 'no movie'), '/404.html'],
    [new ApiError(500, 'internal', 'boom'), '/500.html'],
    [new ApiError(503, 'unavailable', 'down'), '/500.html'],
    [new TypeError('Failed to fetch'), '/500.html'],
  ])('%s -> %s', (error, expected) => {
    expect(pageLoadFallback(error)).toBe(expected);
  });
});

describe('loadWithRetry', () => {
  function failingTimes(failures: number) {
    let calls = 0;
    const load = () => {
      calls += 1;
      return calls <= failures ? Promise.reject(new Error(`failure ${calls}`)) : Promise.resolve('page');
    };
    return { load, calls: () => calls };
  }

  it.each([
    [0, 1],
    [1, 2],
    [3, 4],
  ])('succeeds after %i failures with %i calls', async (failures, calls) => {
    const loader = failingTimes(failures);
    const retried: unknown[] = [];
    await expect(loadWithRetry(loader.load, { onRetry: (error) => retried.push(error) })).resolves.toBe('page');
    expect(loader.calls()).toBe(calls);
    expect(retried).toHaveLength(failures);
  });

  it('gives up after the first try and 3 retries', async () => {
    const loader = failingTimes(10);
    await expect(loadWithRetry(loader.load)).rejects.toThrow('failure 4');
    expect(loader.calls()).toBe(4);
  });
});
