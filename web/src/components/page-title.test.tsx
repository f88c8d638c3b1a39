import { act, cleanup, render } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageTitle } from './page-title';

// A fresh copy for the focus test: the module remembers whether the visit's first page was shown.
vi.resetModules();
const { PageTitle: FreshPageTitle } = await import('./page-title');

function Page({ name, next }: { name: string; next?: string }) {
  const navigate = useNavigate();
  return (
    <main>
      <FreshPageTitle page={name} site="Marquee Cinemas" />
      <h1>{name}</h1>
      {next ? (
        <button type="button" onClick={() => void navigate(next)}>
          next
        </button>
      ) : null}
    </main>
  );
}

/** Whether the page's data has come: 100 ms after it is shown. */
function useDataLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLoaded(true), 100);
    return () => window.clearTimeout(timer);
  }, []);
  return loaded;
}

/** A page whose heading comes with its data. */
function LatePage({ name }: { name: string }) {
  const loaded = useDataLoaded();
  return (
    <main>
      <FreshPageTitle page={name} site="Marquee Cinemas" />
      <input aria-label="elsewhere" />
      {loaded ? <h1>{name}</h1> : <p>Loading</p>}
    </main>
  );
}

/** A page whose main element, heading and all, comes with its data, after its title. */
function LateMainPage({ name }: { name: string }) {
  const loaded = useDataLoaded();
  return (
    <>
      <FreshPageTitle page={name} site="Marquee Cinemas" />
      {loaded ? (
        <main>
          <h1>{name}</h1>
        </main>
      ) : null}
    </>
  );
}

function renderLateRoute(late = <LatePage name="Now showing" />) {
  return render(
    <MemoryRouter initialEntries={['/movies/']}>
      <Routes>
        <Route path="/movies/" element={<Page name="Movies" next="/" />} />
        <Route path="/" element={late} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('PageTitle', () => {
  afterEach(cleanup);

  it("sets the document's title, the page's name then the site's, and renders nothing", () => {
    const { container, rerender } = render(
      <MemoryRouter>
        <PageTitle page="The Long Night" site="Marquee Cinemas" />
      </MemoryRouter>,
    );
    expect(document.title).toBe('The Long Night | Marquee Cinemas');
    expect(container.innerHTML).toBe('');
    rerender(
      <MemoryRouter>
        <PageTitle site="Marquee Cinemas" />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Marquee Cinemas');
  });

  it('moves focus to the new page’s heading and announces its title, not on the first page', () => {
    vi.useFakeTimers();
    const { getByRole } = render(
      <MemoryRouter initialEntries={['/movies/']}>
        <Routes>
          <Route path="/movies/" element={<Page name="Movies" next="/theaters/" />} />
          <Route path="/theaters/" element={<Page name="Our theaters" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(document.activeElement).toBe(document.body);
    act(() => getByRole('button').click());
    expect(document.activeElement).toBe(getByRole('heading', { name: 'Our theaters' }));
    act(() => {
      vi.advanceTimersByTime(200);
    });
    const announcer = document.getElementById('route-announcer');
    expect(announcer?.getAttribute('role')).toBe('status');
    expect(announcer?.textContent).toBe('Our theaters | Marquee Cinemas');
    vi.useRealTimers();
  });

  it('focuses a heading that comes with the page’s data when it appears', async () => {
    vi.useFakeTimers();
    const { getByRole } = renderLateRoute();
    act(() => getByRole('button').click());
    // The heading's arrival is observed after the render that brought it.
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(document.activeElement).toBe(getByRole('heading', { name: 'Now showing' }));
    vi.useRealTimers();
  });

  it('watches the main element alone for the heading, not what changes elsewhere in the page', async () => {
    vi.useFakeTimers();
    const observe = vi.spyOn(MutationObserver.prototype, 'observe');
    const { getByRole } = renderLateRoute();
    act(() => getByRole('button').click());
    const watched = observe.mock.calls.map(([target]) => target);
    observe.mockRestore();
    expect(watched).toEqual([getByRole('main')]);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(document.activeElement).toBe(getByRole('heading', { name: 'Now showing' }));
    vi.useRealTimers();
  });

  it('watches the body until the page has a main element', async () => {
    vi.useFakeTimers();
    const { getByRole } = renderLateRoute(<LateMainPage name="Now showing" />);
    act(() => getByRole('button').click());
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(document.activeElement).toBe(getByRole('heading', { name: 'Now showing' }));
    vi.useRealTimers();
  });

  it('leaves the focus where the visitor put it while the heading was on its way', async () => {
    vi.useFakeTimers();
    const { getByRole } = renderLateRoute();
    act(() => getByRole('button').click());
    const elsewhere = getByRole('textbox', { name: 'elsewhere' });
    act(() => elsewhere.focus());
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(document.activeElement).toBe(elsewhere);
    vi.useRealTimers();
  });
});
