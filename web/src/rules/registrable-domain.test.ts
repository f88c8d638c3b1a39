import { describe, expect, it } from 'vitest';
import { publicSuffix, registrableDomain } from './registrable-domain';

describe('registrableDomain', () => {
  it.each([
    ['cinema.example', 'cinema.example'],
    ['www.marqueecinemas.com', 'marqueecinemas.com'],
    ['tickets.shop.marqueecinemas.com', 'marqueecinemas.com'],
    ['WWW.Marqueecinemas.COM.', 'marqueecinemas.com'],
    ['www.odeon.co.uk', 'odeon.co.uk'],
    ['odeon.co.uk', 'odeon.co.uk'],
    ['co.uk', 'co.uk'],
    ['hoyts.com.au', 'hoyts.com.au'],
    ['alice.github.io', 'alice.github.io'],
    ['bob.github.io', 'bob.github.io'],
    ['cinema.example:8443', 'cinema.example'],
    ['localhost', 'localhost'],
    ['localhost:8091', 'localhost'],
    ['127.0.0.1:8091', '127.0.0.1'],
    ['[::1]:8080', '[::1]'],
    // The reserved top-level domains are suffixes like any other.
    ['tickets.marquee.test', 'marquee.test'],
    ['box-office.cinema.local', 'cinema.local'],
    ['www.marquee.example', 'marquee.example'],
    ['site.invalid', 'site.invalid'],
    ['app.localhost:8080', 'app.localhost'],
  ])('%s -> %s', (host, expected) => {
    expect(registrableDomain(host)).toBe(expected);
  });
});

describe('publicSuffix', () => {
  it.each([
    ['www.marqueecinemas.com', 'com'],
    ['www.odeon.co.uk', 'co.uk'],
    ['a.b.netlify.app', 'netlify.app'],
    ['example', 'example'],
  ])('%s -> %s', (host, expected) => {
    expect(publicSuffix(host)).toBe(expected);
  });
});
