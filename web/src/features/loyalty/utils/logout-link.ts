// docs/pages-and-links.md#link-rules: the hash link '#loyalty-logout' signs the member out
// wherever it appears (a CMS menu, the member area, the header menu).

export const LOYALTY_LOGOUT_HREF = '#loyalty-logout';

/** Whether a click on `href` (as written in the page) asks for the loyalty logout. */
export function isLogoutLink(href: string | null | undefined): boolean {
  return href?.endsWith(LOYALTY_LOGOUT_HREF) ?? false;
}
