import { describe, expect, it } from 'vitest';
import { calendarFileName, foldLine, icsDateTime, icsText, showtimeIcs } from './showtime-calendar';

describe('icsDateTime', () => {
  it.each([
    ['2026-11-23T15:30:00-05:00', '20261123T203000Z'],
    ['2026-12-31T23:59:59.999Z', '20261231T235959Z'],
  ])('%s -> %s', (iso, expected) => {
    expect(icsDateTime(new Date(iso))).toBe(expected);
  });
});

describe('icsText', () => {
  it.each([
    ['Velocity', 'Velocity'],
    ['Marquee Riverfront, Providence; RI', 'Marquee Riverfront\\, Providence\\; RI'],
    ['a\\b', 'a\\\\b'],
    ['line one\nline two', 'line one\\nline two'],
  ])('%j -> %j', (text, expected) => {
    expect(icsText(text)).toBe(expected);
  });
});

describe('foldLine', () => {
  it('leaves a short line alone', () => {
    expect(foldLine('SUMMARY:Velocity')).toBe('SUMMARY:Velocity');
  });

  it('folds at 75 characters with a space on each continuation', () => {
    const line = `DESCRIPTION:${'x'.repeat(200)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded[0]).toHaveLength(75);
    expect(folded.slice(1).every((part) => part.startsWith(' ') && part.length <= 75)).toBe(true);
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
  });
});

describe('showtimeIcs', () => {
  const input = {
    showtime: { id: '101-1004-20261123-1530', startsAt: '2026-11-23T15:30:00-05:00', format: 'IMAX', auditorium: '3' },
    movie: { id: '1004', title: 'Velocity', slug: 'velocity', runtimeMinutes: 128 },
    theater: { id: '101', name: 'Marquee Riverfront', address: { street: '1 Water St', city: 'Providence', state: 'RI', zipCode: '02903' } },
    url: 'https://www.marqueecinemas.example/movies/1004-velocity/',
    now: new Date('2026-11-22T12:00:00Z'),
    host: 'www.marqueecinemas.example',
  };

  it('describes the showtime as one event lasting the runtime', () => {
    const lines = showtimeIcs(input)?.split('\r\n');
    expect(lines).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//www.marqueecinemas.example//showtimes//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:101-1004-20261123-1530@www.marqueecinemas.example',
      'DTSTAMP:20261122T120000Z',
      'DTSTART:20261123T203000Z',
      'DTEND:20261123T223800Z',
      'SUMMARY:Velocity · IMAX',
      'LOCATION:Marquee Riverfront\\, 1 Water St\\, Providence\\, RI\\, 02903',
      'URL:https://www.marqueecinemas.example/movies/1004-velocity/',
      'DESCRIPTION:Velocity (3)',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('lasts two hours when the runtime is unknown', () => {
    expect(showtimeIcs({ ...input, movie: { id: '1004', title: 'Velocity' } })).toContain('DTEND:20261123T223000Z');
  });

  it.each([undefined, 'not a date'])('has no entry without a start (%s)', (startsAt) => {
    expect(showtimeIcs({ ...input, showtime: { id: 'x', startsAt } })).toBeUndefined();
  });
});

describe('calendarFileName', () => {
  it.each([
    [{ id: '1', slug: 'velocity' }, { id: 's', date: '2026-11-23', time: '15:30' }, 'velocity-2026-11-23-1530.ics'],
    [undefined, { id: 's', date: '2026-11-23', time: '15:30' }, 'showtime-2026-11-23-1530.ics'],
    [{ id: '1', slug: 'velocity' }, { id: 's' }, 'velocity.ics'],
  ])('%j %j -> %s', (movie, showtime, expected) => {
    expect(calendarFileName(movie, showtime)).toBe(expected);
  });
});
