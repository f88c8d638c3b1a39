import { afterEach, describe, expect, it } from 'vitest';
import { addressSecrets, splitAddressSecrets, splitMemberTokens, takeAddressSecrets, takeMemberToken, type AddressSplit } from './address-secrets';

describe('splitAddressSecrets', () => {
  it.each<[string, string, AddressSplit]>([
    // The mailed reset link (BOOST_POS), with a campaign's parameters kept.
    [
      '/account/reset-password/',
      '?resetCode=R3537&utm_source=mail',
      { screen: 'reset-password', search: '?utm_source=mail', secrets: 'resetCode=R3537' },
    ],
    // Other providers add the e-mail address; TAPOS its uid and token.
    [
      '/account/reset-password',
      '?resetCode=R1&email=ada%40example.com',
      { screen: 'reset-password', search: '', secrets: 'resetCode=R1&email=ada%40example.com' },
    ],
    ['/account/reset-password/', '?uid=m7&token=T9', { screen: 'reset-password', search: '', secrets: 'uid=m7&token=T9' }],
    ['/account/activate/', '?email=grace%40example.com&theaterId=101', { screen: 'activate', search: '?theaterId=101', secrets: 'email=grace%40example.com' }],
    // Nothing to take: the address stays as it is.
    ['/account/reset-password/', '', { search: '', secrets: '' }],
    ['/account/reset-password/', '?utm_source=mail', { search: '?utm_source=mail', secrets: '' }],
    ['/account/activate/', '?resetCode=R1', { search: '?resetCode=R1', secrets: '' }],
    ['/account/', '?email=ada%40example.com', { search: '?email=ada%40example.com', secrets: '' }],
    ['/movies/', '?resetCode=R1', { search: '?resetCode=R1', secrets: '' }],
    ['/account/reset-password/extra/', '?resetCode=R1', { search: '?resetCode=R1', secrets: '' }],
  ])('%s%s', (pathname, search, expected) => {
    expect(splitAddressSecrets(pathname, search)).toEqual(expected);
  });
});

describe('splitMemberTokens', () => {
  it.each<[string, ReturnType<typeof splitMemberTokens>]>([
    // Login by token, under each provider's name: the provider is not known yet.
    ['?sessionToken=t1&utm_source=mail', { search: '?utm_source=mail', memberTokens: 'sessionToken=t1' }],
    ['?taposToken=t2', { search: '', memberTokens: 'taposToken=t2' }],
    ['?utm_source=x&cgrSessionToken=t3&token=t4', { search: '?utm_source=x', memberTokens: 'cgrSessionToken=t3&token=t4' }],
    ['?sessionToken=', { search: '', memberTokens: 'sessionToken=' }],
    // Nothing to take: the address stays as it is.
    ['?utm_source=mail', { search: '?utm_source=mail', memberTokens: '' }],
    ['', { search: '', memberTokens: '' }],
  ])('%s', (search, expected) => {
    expect(splitMemberTokens(search)).toEqual(expected);
  });
});

describe('takeAddressSecrets', () => {
  const page = window as unknown as { happyDOM: { setURL: (url: string) => void } };
  afterEach(() => page.happyDOM.setURL('http://localhost:3000/'));

  it('takes the reset code out of the address bar, for the reset screen alone', () => {
    page.happyDOM.setURL('https://www.marqueecinemas.com/account/reset-password/?resetCode=R3537&utm_source=mail#main');
    takeAddressSecrets();
    expect(window.location.href).toBe('https://www.marqueecinemas.com/account/reset-password/?utm_source=mail#main');
    expect(addressSecrets('reset-password').get('resetCode')).toBe('R3537');
    expect(addressSecrets('activate').toString()).toBe('');
  });

  it('takes a login-by-token session token out of the address bar of any page, kept for the loyalty code once', () => {
    page.happyDOM.setURL('https://www.marqueecinemas.com/movies/?sessionToken=t1&utm_source=mail#now');
    const entries = window.history.length;
    takeAddressSecrets();
    expect(window.location.href).toBe('https://www.marqueecinemas.com/movies/?utm_source=mail#now');
    expect(window.history.length).toBe(entries);
    expect(takeMemberToken('taposToken')).toBeUndefined();
    expect(takeMemberToken('sessionToken')).toBe('t1');
    expect(takeMemberToken('sessionToken')).toBeUndefined();
  });

  it("leaves TAPOS's reset token to the reset screen", () => {
    page.happyDOM.setURL('https://www.marqueecinemas.com/account/reset-password/?uid=m7&token=T9');
    takeAddressSecrets();
    expect(window.location.href).toBe('https://www.marqueecinemas.com/account/reset-password/');
    expect(addressSecrets('reset-password').get('token')).toBe('T9');
    expect(takeMemberToken('token')).toBeUndefined();
  });
});
