import { describe, expect, it } from 'vitest';
import { formatMessage } from '@/rules/format-message';
import { loyaltyErrorMessage, lookupWith, replyCode } from './error-message';

const messages = {
  'loyalty.error.31': 'Incorrect password',
  'loyalty.error.84': 'Password should meet complexity rules',
  'loyalty.error.84_BOOST_POS': 'Your password is not strong enough.',
};
const base = { lookup: lookupWith((key) => formatMessage(messages, key)), provider: 'RTS', displayOriginalCypherMessages: false, fallback: 'An error has occured.' };

describe('loyalty error messages', () => {
  it.each([
    ['the code message', { peachCode: 31 }, base, 'Incorrect password (Code: 31)'],
    ['the provider message first', { peachCode: 84 }, { ...base, provider: 'BOOST_POS' }, 'Your password is not strong enough. (Code: 84)'],
    ['the code message for other providers', { peachCode: 84 }, base, 'Password should meet complexity rules (Code: 84)'],
    ['the fallback for unknown codes', { peachCode: 999 }, base, 'An error has occured. (Code: 999)'],
    ['a version 1 statusCode', { statusCode: 57 }, base, 'An error has occured. (Code: 57)'],
    ['the fallback alone without a code', {}, base, 'An error has occured.'],
  ])('shows %s', (_case, reply, options, expected) => {
    expect(loyaltyErrorMessage(reply, options)).toBe(expected);
  });

  // docs/loyalty.md#error-messages step 1, with displayOriginalCypherMessages off and on.
  it.each([
    [false, { peachCode: 31, clientErrorMessage: 'Nope' }, 'Incorrect password (Code: 31)'],
    [true, { peachCode: 31, clientErrorMessage: 'Nope' }, 'Nope (Code: 31)'],
    [false, { peachCode: 31, clientErrorMessage: 'Wrong password (Code: 31)' }, 'Incorrect password (Code: 31)'],
    [true, { peachCode: 31, clientErrorMessage: 'Wrong password (Code: 31)' }, 'Wrong password (Code: 31)'],
    [false, { peachCode: 999, clientErrorMessage: 'Nope' }, 'An error has occured. (Code: 999)'],
    [true, { peachCode: 999, clientErrorMessage: 'Nope' }, 'Nope (Code: 999)'],
    [true, { peachCode: 31, clientErrorMessage: '' }, 'Incorrect password (Code: 31)'],
    [true, { peachCode: 31 }, 'Incorrect password (Code: 31)'],
  ])('with displayOriginalCypherMessages %s, shows %j as the text', (displayOriginalCypherMessages, reply, expected) => {
    expect(loyaltyErrorMessage(reply, { ...base, displayOriginalCypherMessages })).toBe(expected);
  });

  it.each([
    [{ peachCode: 0 }, undefined],
    [{ statusCode: 200 }, undefined],
    [{ statusCode: 0 }, undefined],
    [{ peachCode: 0, statusCode: 500 }, 500],
    [{ peachCode: 26 }, 26],
  ])('reads the failure code of %j', (reply, code) => {
    expect(replyCode(reply)).toBe(code);
  });
});
