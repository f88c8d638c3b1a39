import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPaintTiming } from '@/testing/paint-timing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The first paint is remembered for the page's life: each test loads the modules afresh.
async function loadDeferred() {
  vi.resetModules();
  return (await import('./deferred')).Deferred;
}

function renderPage(Deferred: Awaited<ReturnType<typeof loadDeferred>>) {
  render(
    <>
      <h1>Now showing</h1>
      <Deferred>
        <p>Coming soon</p>
      </Deferred>
    </>,
  );
}

describe('Deferred', () => {
  it('shows its children once the rest has rendered', async () => {
    const Deferred = await loadDeferred();
    renderPage(Deferred);
    expect(screen.getByText('Now showing')).toBeTruthy();
    expect(await screen.findByText('Coming soon')).toBeTruthy();
  });

  it("waits for the page's first contentful paint on its first load", async () => {
    const browser = stubPaintTiming();
    const Deferred = await loadDeferred();
    renderPage(Deferred);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Coming soon')).toBeNull();

    act(() => browser.paint('first-contentful-paint'));
    expect(await screen.findByText('Coming soon')).toBeTruthy();
  });
});
