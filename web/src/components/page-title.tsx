import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from '@/rules/page-title';

/** The first page of a visit keeps the browser's own focus and reading position. */
let firstPage = true;

/** A polite live region, made once, that says which page the visitor moved to. */
function announce(text: string) {
  let region = document.getElementById('route-announcer');
  if (!region) {
    region = document.createElement('p');
    region.id = 'route-announcer';
    region.className = 'visually-hidden';
    region.setAttribute('role', 'status');
    document.body.append(region);
  }
  // Emptied first, so the same title twice is still read out.
  region.textContent = '';
  const live = region;
  window.setTimeout(() => {
    live.textContent = text;
  }, 100);
}

/** Moves focus to the page's main heading; false when it is not there yet. */
function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return false;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * The document title (rules/page-title.ts). A published page has it in its HTML already
 * (the gateway writes the same text); this keeps it right as the visitor moves from page
 * to page. On each move to another page, focus goes to the new page's heading and the
 * title is announced, as a page load would be. A heading that comes with the page's data
 * is focused when it appears, unless the visitor has moved the focus meanwhile.
 */
export function PageTitle({ page, site }: { page?: string; site: string }) {
  const title = pageTitle(page, site);
  const { pathname } = useLocation();
  useEffect(() => {
    if (site) document.title = title;
  }, [title, site]);
  useEffect(() => {
    if (firstPage) {
      firstPage = false;
      return;
    }
    announce(document.title);
    if (focusHeading()) return;
    const focusedBefore = document.activeElement;
    const observer = new MutationObserver(() => {
      const untouched = document.activeElement === focusedBefore || document.activeElement === document.body;
      if (!untouched || focusHeading()) observer.disconnect();
    });
    // The heading comes inside the page's main element: what changes elsewhere (ads, the
    // consent banner, the announcer) is not watched. Before there is a main, the body is.
    observer.observe(document.querySelector('main') ?? document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
    // Once per page, not per title: the title may change while the page loads its data.
  }, [pathname]);
  return null;
}
