import { describe, expect, it } from 'vitest';
import { parseJsonObject } from './json-object';

describe('parseJsonObject', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['{}', {}],
    [null, undefined],
    [undefined, undefined],
    ['', undefined],
    ['not json', undefined],
    ['null', undefined],
    ['[1,2]', undefined],
    ['"text"', undefined],
  ])('reads %j as %j', (text, expected) => {
    expect(parseJsonObject(text)).toEqual(expected);
  });
});
