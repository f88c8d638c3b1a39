import { describe, expect, it } from 'vitest';
import { emailProblem, nameProblem } from './acceptance-rules';

describe('the invitation form’s checks', () => {
  it.each([
    ['Ada Lovelace', undefined],
    ['  Ada  ', undefined],
    ['', 'missing'],
    ['   ', 'missing'],
    ['a'.repeat(100), undefined],
    ['a'.repeat(101), 'tooLong'],
    ['😀'.repeat(100), undefined],
    [` ${'é'.repeat(100)} `, undefined],
  ])('finds in the name %j: %s', (name, problem) => {
    expect(nameProblem(name)).toBe(problem);
  });

  it.each([
    ['ada@example.com', undefined],
    [' ada@example.com ', undefined],
    ['', 'missing'],
    ['ada', 'invalid'],
    ['ada@', 'invalid'],
    ['@example.com', 'invalid'],
    ['ada lovelace@example.com', 'invalid'],
    ['ada@exa@mple.com', 'invalid'],
  ])('finds in the e-mail address %j: %s', (email, problem) => {
    expect(emailProblem(email)).toBe(problem);
  });
});
