const DAY_MS = 24 * 60 * 60 * 1000;

/** The value of cookie `name` in a `document.cookie` string, or undefined. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) {
      const raw = part.slice(separator + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

export type CookieOptions = {
  /** Lifetime in days from `now`. */
  days: number;
  path: string;
  now?: Date;
};

/** A `document.cookie` assignment for `name=value` with an expiry date and a path. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const now = options.now ?? new Date();
  const expires = new Date(now.getTime() + options.days * DAY_MS);
  return [
    `${name}=${encodeURIComponent(value)}`,
    `expires=${expires.toUTCString()}`,
    `max-age=${Math.round((options.days * DAY_MS) / 1000)}`,
    `path=${options.path}`,
    'SameSite=Lax',
  ].join('; ');
}

export function getCookie(name: string): string | undefined {
  return readCookie(document.cookie, name);
}

export function setCookie(name: string, value: string, options: CookieOptions): void {
  document.cookie = serializeCookie(name, value, options);
}
