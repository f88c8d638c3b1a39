import { cleanup, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSelectedDay } from './use-selected-day';

const dates = ['2026-11-25', '2026-11-26'];

afterEach(cleanup);

describe('useSelectedDay', () => {
  it.each([
    ['/showtimes/?date=2026-11-26', '2026-11-26'],
    ['/showtimes/?attribute=3d&date=2026-11-26', '2026-11-26'],
    ['/showtimes/?date=2026-12-01', '2026-11-25'],
    ['/showtimes/', '2026-11-25'],
  ])('at %s shows %s', (address, expected) => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>
    );
    expect(renderHook(() => useSelectedDay(dates), { wrapper }).result.current).toBe(expected);
  });

  it("is the address's day on the server and while hydrating, as each day's page is published", () => {
    const shown: Array<string | undefined> = [];
    function Day() {
      const day = useSelectedDay(dates);
      shown.push(day);
      return <p>{day}</p>;
    }
    const address = '/showtimes/?date=2026-11-26';
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <StaticRouter location={address}>
        <Day />
      </StaticRouter>,
    );
    document.body.append(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={[address]}>
        <Day />
      </MemoryRouter>,
      { container, hydrate: true },
    );
    expect(shown).toEqual(['2026-11-26', '2026-11-26']);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
