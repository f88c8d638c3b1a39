/**
 * Whether `href` leaves the site: an absolute http(s) URL on another host than
 * `currentHost`. Relative paths, hashes and same-host URLs stay inside.
 */
export function isExternalHref(href: string, currentHost: string): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return new URL(href).host.toLowerCase() !== currentHost.toLowerCase();
  } catch {
    return false;
  }
}

/** The path part of a same-site absolute URL, so the router can handle it. */
export function toInternalPath(href: string): string {
  if (!/^https?:\/\//i.test(href)) return href;
  try {
    const url = new URL(href);
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return href;
  }
}
