import { describe, expect, it } from 'vitest';
import { internationalPhoneNumber, isValidPhoneNumber, meetsPasswordComplexity, sanitiseInput } from './input-rules';

describe('member form input rules', () => {
  it.each([
    ['text', 'Ada <b>"Love" & \'lace\'</b>', 'Ada bLove  lace/b'],
    ['email', 'a<>@b.example', 'a@b.example'],
    ['password', 'p<a>ss"&\'', 'p<a>ss"&\''],
  ])('a %s input turns %j into %j', (type, typed, kept) => {
    expect(sanitiseInput(type, typed)).toBe(kept);
  });

  it.each([
    ['BOOST_POS', 'Secret1!', true],
    ['BOOST_POS', 'Secr1!', false],
    ['BOOST_POS', 'secret12!', false],
    ['BOOST_POS', 'SECRET12!', false],
    ['BOOST_POS', 'Secretttt!', false],
    ['BOOST_POS', 'Secret123', false],
    ['RTS', 'x', true],
    ['RTS', '', false],
  ])('%s accepts %j: %s', (provider, password, ok) => {
    expect(meetsPasswordComplexity(provider, password)).toBe(ok);
  });

  it.each([
    [{ country: 'US', number: '(555) 123-4567' }, true],
    [{ country: 'US', number: '' }, false],
    [{ country: '', number: '5551234567' }, false],
    [{ country: 'ZZ', number: '5551234567' }, false],
    [{ country: 'US', number: '555-CALL-NOW' }, false],
    [{ country: 'US', number: '12' }, false],
  ])('phone %j is valid: %s', (phone, ok) => {
    expect(isValidPhoneNumber(phone)).toBe(ok);
  });

  it('writes the number in international form', () => {
    expect(internationalPhoneNumber({ country: 'US', number: '(555) 123-4567' })).toBe('+15551234567');
  });
});

describe('passwordRuleChecks', () => {
  it('lists which BOOST_POS rules a password meets', async () => {
    const { passwordRuleChecks } = await import('./input-rules');
    expect(passwordRuleChecks('abcDEF1')).toEqual([
      { rule: 'length', met: false },
      { rule: 'lowercase', met: true },
      { rule: 'uppercase', met: true },
      { rule: 'number', met: true },
      { rule: 'special', met: false },
    ]);
  });
});
