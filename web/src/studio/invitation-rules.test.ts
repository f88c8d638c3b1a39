import { describe, expect, it } from 'vitest';
import { theaterIdsFromText, theaterIdsProblem } from './invitation-rules';

describe('the theaters an invitation names', () => {
  it.each([
    ['101', ['101']],
    [' 101, 102 ', ['101', '102']],
    ['101,,102,', ['101', '102']],
    ['101, 102, 101', ['101', '102']],
    ['', []],
    [' , ', []],
  ])('reads %j as %j', (text, ids) => {
    expect(theaterIdsFromText(text)).toEqual(ids);
  });

  it.each([
    ['theater-manager', '101', undefined],
    ['theater-manager', ' , ', 'missing'],
    ['theater-manager', '', 'missing'],
    ['viewer', '', undefined],
    ['admin', '101', undefined],
    ['', '', undefined],
  ] as const)('finds for the role %j and %j: %s', (role, text, problem) => {
    expect(theaterIdsProblem(role, text)).toBe(problem);
  });
});
