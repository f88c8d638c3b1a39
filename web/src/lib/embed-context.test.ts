import { describe, expect, it } from 'vitest';
import { readEmbedContext } from './embed-context';

function memoryStore(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('readEmbedContext', () => {
  it.each([
    ['?embedContext=tapos_embedded', {}, 'tapos_embedded'],
    ['', { embedContext: 'tapos_embedded' }, 'tapos_embedded'],
    ['?embedContext=other', { embedContext: 'tapos_embedded' }, 'other'],
    ['', {}, undefined],
  ])('%s with %j -> %s', (search, stored, expected) => {
    expect(readEmbedContext(search, memoryStore(stored))).toBe(expected);
  });

  it('remembers the context for the next pages', () => {
    const store = memoryStore();
    readEmbedContext('?embedContext=tapos_embedded', store);
    expect(readEmbedContext('', store)).toBe('tapos_embedded');
  });

  it('works without storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readEmbedContext('?embedContext=x', refusing)).toBe('x');
    expect(readEmbedContext('', undefined)).toBeUndefined();
  });
});
