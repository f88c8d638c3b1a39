/**
 * The document title: the page's own name, then the site's; the site's name alone on a
 * page without one (the home page). The gateway writes the same title into a published
 * page's head (`page_title` in gateway/src/publish/head.rs); both are tested on
 * fixtures/page-title.json.
 */
export function pageTitle(page: string | null | undefined, site: string): string {
  return page ? `${page} | ${site}` : site;
}
