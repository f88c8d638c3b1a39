import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPaintTiming } from '@/testing/paint-timing';

// The module remembers the first paint for the page's life: each test loads it afresh.
const load = () => import('./first-paint');

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, not the first paint', async () => {
    const browser = stubPaintTiming();
    const { afterFirstPaint, isAfterFirstPaint } = await load();
    const done = vi.fn();
    void afterFirstPaint().then(done);
    browser.paint('first-paint');
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    expect(isAfterFirstPaint()).toBe(false);

    browser.paint('first-contentful-paint');
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(isAfterFirstPaint()).toBe(true);
    expect(browser.observers()).toBe(0);
  });

  it('gives up waiting after FIRST_PAINT_WAIT_MS (a tab opened in the background)', async () => {
    const browser = stubPaintTiming();
    const { afterFirstPaint, FIRST_PAINT_WAIT_MS } = await load();
    const done = vi.fn();
    void afterFirstPaint().then(done);
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();
    expect(browser.observers()).toBe(0);
  });

  it('is over at once when the page has already painted', async () => {
    stubPaintTiming(['first-paint', 'first-contentful-paint']);
    const { afterFirstPaint, isAfterFirstPaint } = await load();
    expect(isAfterFirstPaint()).toBe(true);
    await expect(afterFirstPaint()).resolves.toBeUndefined();
  });

  it('is over at once in a browser without paint timing', async () => {
    vi.stubGlobal('PerformanceObserver', { supportedEntryTypes: ['resource'] });
    const { afterFirstPaint, isAfterFirstPaint } = await load();
    expect(isAfterFirstPaint()).toBe(true);
    await expect(afterFirstPaint()).resolves.toBeUndefined();
  });
});
