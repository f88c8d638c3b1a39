import { useEffect } from 'react';

/**
 * The document title: the page's own name, then the site's. A published page has it in
 * its HTML already (the gateway writes the same text); this keeps it right as the
 * visitor moves from page to page.
 */
export function PageTitle({ page, site }: { page?: string; site: string }) {
  const title = page ? `${page} | ${site}` : site;
  useEffect(() => {
    if (site) document.title = title;
  }, [title, site]);
  return null;
}
