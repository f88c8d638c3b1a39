import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { IntlProvider } from '@/state/i18n';
import { useSelectedDay } from '../hooks/use-selected-day';
import { DayPicker } from './day-picker';

const dates = ['2026-11-25', '2026-11-26', '2026-11-27'];

function Days() {
  const selected = useSelectedDay(dates);
  const { search } = useLocation();
  return (
    <>
      <DayPicker dates={dates} selected={selected} />
      <p data-testid="address">{`${useNavigationType()} ${search}`}</p>
    </>
  );
}

function renderAt(address: string) {
  render(
    <MemoryRouter initialEntries={['/movies/', address]} initialIndex={1}>
      <IntlProvider locale="en-US" messages={{ 'showtimes.chooseDay': 'Choose a day' }}>
        <Days />
      </IntlProvider>
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'Choose a day' })).getAllByRole('link');
}

afterEach(cleanup);

describe('DayPicker', () => {
  it("links each day to its page, the first to the page's own address, keeping the address's filters", () => {
    const days = renderAt('/movies/1001-the-long-night/?attribute=3d&date=2026-11-26');
    expect(days.map((day) => [day.textContent, day.getAttribute('href'), day.getAttribute('aria-current')])).toEqual([
      ['Wed, Nov 25', '/movies/1001-the-long-night/?attribute=3d', null],
      ['Thu, Nov 26', '/movies/1001-the-long-night/?attribute=3d&date=2026-11-26', 'date'],
      ['Fri, Nov 27', '/movies/1001-the-long-night/?attribute=3d&date=2026-11-27', null],
    ]);
  });

  it("shows a followed day in place of the address's entry", () => {
    const days = renderAt('/theaters/101-marquee-riverfront-14/');
    expect(days[0]?.getAttribute('aria-current')).toBe('date');
    fireEvent.click(days[2] as HTMLElement);
    expect(screen.getByTestId('address').textContent).toBe('REPLACE ?date=2026-11-27');
    expect(days.map((day) => day.getAttribute('aria-current'))).toEqual([null, null, 'date']);
    fireEvent.click(days[0] as HTMLElement);
    expect(screen.getByTestId('address').textContent).toBe('REPLACE ');
    expect(days[0]?.getAttribute('aria-current')).toBe('date');
  });
});
