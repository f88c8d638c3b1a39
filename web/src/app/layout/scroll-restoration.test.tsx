import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { ScrollRestoration } from './scroll-restoration';

/** The router's navigate, handed out once rendered. */
const router: { navigate: NavigateFunction } = { navigate: () => undefined };

function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  return null;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollRestoration />
      <Navigator />
    </MemoryRouter>,
  );
}

/** The visitor scrolls to `y`: the browser moves the page, then reports it. */
function scrollTo(y: number) {
  window.scrollTo(0, y);
  window.dispatchEvent(new Event('scroll'));
}

async function go(to: string | number) {
  await act(async () => {
    await (typeof to === 'number' ? router.navigate(to) : router.navigate(to));
  });
}

describe('ScrollRestoration', () => {
  afterEach(() => {
    cleanup();
    window.scrollTo(0, 0);
  });

  it('opens a new page at the top, and back and forward return to where each page was left', async () => {
    renderAt('/movies/');
    scrollTo(1200);
    await go('/movies/1001-the-long-night/');
    expect(window.scrollY).toBe(0);
    scrollTo(300);
    await go(-1);
    expect(window.scrollY).toBe(1200);
    await go(1);
    expect(window.scrollY).toBe(300);
  });

  it('keeps the position for a change of query alone, and for a page asked not to move', async () => {
    renderAt('/movies/');
    scrollTo(800);
    await go('/movies/?playWeek=NEXT');
    expect(window.scrollY).toBe(800);
    await act(async () => {
      await router.navigate('/theaters/', { state: { shouldUpdateScroll: false } });
    });
    expect(window.scrollY).toBe(800);
  });

  it('takes over from the browser while the app runs, and hands back as the document is left', () => {
    renderAt('/movies/');
    expect(window.history.scrollRestoration).toBe('manual');
    window.dispatchEvent(new Event('pagehide'));
    expect(window.history.scrollRestoration).toBe('auto');
    window.dispatchEvent(new Event('pageshow'));
    expect(window.history.scrollRestoration).toBe('manual');
  });
});
