/** The document title: the page's own name, then the site's (React hoists it to <head>). */
export function PageTitle({ page, site }: { page?: string; site: string }) {
  return <title>{page ? `${page} | ${site}` : site}</title>;
}
