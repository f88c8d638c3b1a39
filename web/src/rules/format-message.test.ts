import { describe, expect, it } from 'vitest';
import { formatMessage, formatMessageList } from './format-message';

const messages = {
  plain: 'Now showing',
  positional: '{0} h {1} min',
  named: 'Showtimes at [theaterName]',
  mixed: '{0} at [theaterName] ({0})',
  list: 'Sun|Mon| Tue ||Wed',
};

describe('formatMessage', () => {
  it.each([
    ['plain', undefined, 'Now showing'],
    ['positional', [2, 5], '2 h 5 min'],
    ['positional', ['2'], '2 h {1} min'],
    ['named', { theaterName: 'Downtown 12' }, 'Showtimes at Downtown 12'],
    ['named', {}, 'Showtimes at [theaterName]'],
    ['mixed', { 0: 'Dune', theaterName: 'Uptown' }, 'Dune at Uptown (Dune)'],
  ] as const)('formats %s with %j', (key, params, expected) => {
    expect(formatMessage(messages, key, params)).toBe(expected);
  });

  it('answers the key itself for a missing message', () => {
    expect(formatMessage(messages, 'nav.unknown')).toBe('nav.unknown');
  });

  it('does not read inherited properties as values', () => {
    expect(formatMessage({ m: '[toString]' }, 'm', {})).toBe('[toString]');
  });
});

describe('formatMessageList', () => {
  it('splits on | and drops empty items', () => {
    expect(formatMessageList(messages, 'list')).toEqual(['Sun', 'Mon', 'Tue', 'Wed']);
  });

  it('is empty for a missing message', () => {
    expect(formatMessageList(messages, 'missing')).toEqual([]);
  });
});
