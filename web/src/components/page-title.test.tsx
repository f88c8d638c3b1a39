import { act, cleanup, render } from '@testing-library/react';
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
    act(() => vi.advanceTimersByTime(200));
    const announcer = document.getElementById('route-announcer');
    expect(announcer?.getAttribute('role')).toBe('status');
    expect(announcer?.textContent).toBe('Our theaters | Marquee Cinemas');
    vi.useRealTimers();
  });
});
