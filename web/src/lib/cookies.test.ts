import { afterEach, describe, expect, it } from 'vitest';
import { getCookie, readCookie, removeCookie, serializeCookie, serializeCookieRemoval, setCookie } from './cookies';

describe('readCookie', () => {
  it.each([
    ['selectedTheaterId=t2', 't2'],
    ['a=1; selectedTheaterId=t-3; b=2', 't-3'],
    ['xselectedTheaterId=no; selectedTheaterId=yes', 'yes'],
    ['selectedTheaterId=caf%C3%A9', 'café'],
    ['selectedTheaterId=%E0%A4%A', '%E0%A4%A'],
    ['a=1', undefined],
    ['selectedTheaterId=; a=1', undefined],
    ['', undefined],
  ])('reads %j', (header, expected) => {
    expect(readCookie(header, 'selectedTheaterId')).toBe(expected);
  });
});

describe('serializeCookie', () => {
  it('writes the value, a 30-day expiry and the path', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(serializeCookie('selectedTheaterId', 't 1', { days: 30, path: '/', now })).toBe(
      'selectedTheaterId=t%201; expires=Sat, 31 Jan 2026 00:00:00 GMT; max-age=2592000; path=/; SameSite=Lax',
    );
  });

  it('writes a browser-session cookie, without expiry, when no lifetime is given', () => {
    expect(serializeCookie('session', 'x', { path: '/' })).toBe('session=x; path=/; SameSite=Lax');
  });

  it('removes a cookie at its path', () => {
    expect(serializeCookieRemoval('session', '/')).toBe('session=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/; SameSite=Lax');
  });
});

describe('document cookies', () => {
  afterEach(() => {
    document.cookie = 'selectedTheaterId=; max-age=0; path=/';
  });

  it('reads back what it wrote, and nothing once removed', () => {
    setCookie('selectedTheaterId', 'theater-2', { days: 30, path: '/' });
    expect(getCookie('selectedTheaterId')).toBe('theater-2');
    removeCookie('selectedTheaterId', '/');
    expect(getCookie('selectedTheaterId')).toBeUndefined();
  });
});
