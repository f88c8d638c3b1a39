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

  it('adds the Secure attribute when asked', () => {
    expect(serializeCookie('session', 'x', { path: '/', secure: true })).toBe('session=x; path=/; SameSite=Lax; Secure');
    expect(serializeCookieRemoval('session', '/', true)).toBe(
      'session=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/; SameSite=Lax; Secure',
    );
  });
});

/** The page's address, as if the site were served from `url`. */
function servedFrom(url: string): void {
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(url);
}

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

/** Records every `document.cookie` assignment instead of storing it, until removed. */
function recordCookieAssignments(): string[] {
  const assignments: string[] = [];
  Object.defineProperty(document, 'cookie', { configurable: true, get: () => '', set: (text: string) => assignments.push(text) });
  return assignments;
}

describe('cookies of a page served over https', () => {
  afterEach(() => {
    Reflect.deleteProperty(document, 'cookie');
    servedFrom('http://localhost:3000/');
  });

  it.each([
    ['https://www.marqueecinemas.com/account/', true],
    ['http://127.0.0.1:8090/account/', false],
  ])('on %s, Secure is %s for the session and the chosen theater, written and removed', (url, secure) => {
    servedFrom(url);
    const assignments = recordCookieAssignments();
    setCookie('loyaltySession', '{}', { days: 30, path: '/' });
    setCookie('selectedTheaterId', '102', { days: 30, path: '/' });
    removeCookie('loyaltySession', '/');
    expect(assignments).toHaveLength(3);
    for (const assignment of assignments) expect(assignment.endsWith('; Secure')).toBe(secure);
  });
});
