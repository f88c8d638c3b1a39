const DAY_MS = 24 * 60 * 60 * 1000;

/** The value of cookie `name` in a `document.cookie` string, or undefined (also when empty). */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) {
      const raw = part.slice(separator + 1).trim();
      if (!raw) return undefined;
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
  /** Lifetime in days from `now`; without it the cookie lasts the browser session. */
  days?: number;
  path: string;
  now?: Date;
  /** The Secure attribute: the browser sends the cookie back over https only. */
  secure?: boolean;
};

/** A `document.cookie` assignment for `name=value` with an expiry date (if any) and a path. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const lifetime =
    options.days === undefined
      ? []
      : [
          `expires=${new Date((options.now ?? new Date()).getTime() + options.days * DAY_MS).toUTCString()}`,
          `max-age=${Math.round((options.days * DAY_MS) / 1000)}`,
        ];
  return [
    `${name}=${encodeURIComponent(value)}`,
    ...lifetime,
    `path=${options.path}`,
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** A `document.cookie` assignment that removes cookie `name` at `path`. */
export function serializeCookieRemoval(name: string, path: string, secure = false): string {
  return `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=${path}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Whether the page came over https: its cookies (the member's session and refresh tokens,
 * the chosen theater) are then never sent over plain http.
 */
function servedOverHttps(): boolean {
  return window.location.protocol === 'https:';
}

export function getCookie(name: string): string | undefined {
  return readCookie(document.cookie, name);
}

export function setCookie(name: string, value: string, options: Omit<CookieOptions, 'secure'>): void {
  document.cookie = serializeCookie(name, value, { ...options, secure: servedOverHttps() });
}

export function removeCookie(name: string, path: string): void {
  document.cookie = serializeCookieRemoval(name, path, servedOverHttps());
}
