import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import type { Showtime } from '@/types/api';
import { ShowtimeTimes } from './showtime-times';

const messages = {
  'showtimes.addToCalendarLabel': 'Add {0} at {1} to your calendar',
  'showtimes.buyTickets': 'Buy tickets for {0} at {1}',
  'showtimes.soldOut': 'Sold out',
};

const showtime = (id: string, time: string, availability: Showtime['availability']): Showtime => ({
  id,
  date: '2026-11-25',
  time,
  startsAt: `2026-11-25T${time}:00-05:00`,
  availability,
  ticketingUrl: `https://tickets.marqueecinemas.example/sales/MQRF/book?perfcode=${id}`,
});

afterEach(cleanup);

describe('ShowtimeTimes', () => {
  it('offers a calendar entry for a time that can be booked, none for a sold-out one', () => {
    renderWithApp(
      <ShowtimeTimes
        showtimes={[showtime('1', '18:00', 'sold-out'), showtime('2', '21:00', 'available')]}
        theaterName="Marquee Riverfront 14"
        calendar={{ movie: { id: '1001', title: 'The Long Night', slug: 'the-long-night' }, theater: undefined }}
      />,
      messages,
    );
    expect(screen.getByText('Sold out')).toBeTruthy();
    const labels = screen.getAllByTestId('add-to-calendar').map((link) => link.getAttribute('aria-label'));
    // Some ICU versions put a narrow no-break space before "PM".
    expect(labels.map((label) => label?.replace(/\u202f/g, ' '))).toEqual([
      'Add 9:00 PM at Marquee Riverfront 14 to your calendar',
    ]);
  });
});
