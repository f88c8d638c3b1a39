import { afterEach, describe, expect, it } from 'vitest';
import { addressSecrets, splitAddressSecrets, takeAddressSecrets, type AddressSplit } from './address-secrets';

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
});
