import { describe, expect, it } from 'vitest';
import { isValidHostName, publicSuffix, registrableDomain } from './registrable-domain';

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

describe('isValidHostName', () => {
  const label = (length: number) => 'a'.repeat(length);
  it.each([
    ['www.marqueecinemas.com', true],
    ['127.0.0.1', true],
    ['[::1]', true],
    ['localhost', true],
    [`${label(63)}.com`, true],
    [`${label(64)}.com`, false],
    ['a..com', false],
    // 4 labels of 63 and the dots: 255 octets, past the 253 a domain may have.
    [[label(63), label(63), label(63), label(63)].join('.'), false],
    [[label(63), label(63), label(63), label(61)].join('.'), true],
  ])('%s: %s', (host, valid) => {
    expect(isValidHostName(host)).toBe(valid);
  });
});
