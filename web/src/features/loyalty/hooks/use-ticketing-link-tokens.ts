// A signed-in member's token goes with the links to the loyalty ticketing service
// (docs/pages-and-links.md#link-rules), added as such a link is followed and never written
// into the page: a tag manager's click trigger reads the clicked link's href, and whatever
// else runs on the page can read its markup. The href stays as the page rendered it.

import { useEffect } from 'react';
import { useAppData } from '@/api/get-app-data';
import { ticketingLinkWithToken } from '../utils/hand-off';
import { useLoyaltySession } from './loyalty-session';

/** Whether the click asks for a new window or tab: the link's target, Ctrl, Cmd or Shift. */
function opensNewWindow(anchor: HTMLAnchorElement, event: MouseEvent): boolean {
  return anchor.target === '_blank' || event.ctrlKey || event.metaKey || event.shiftKey;
}

/**
 * Follows a click on a link to the loyalty ticketing service to the link's address with the
 * member's token added: the click's default is prevented and the page navigates itself,
 * leaving the link's href untouched. Other links are the browser's to follow as they are.
 */
export function useTicketingLinkTokens() {
  const { member, config, context } = useLoyaltySession();
  const { data: appData } = useAppData();
  const token = member?.token;
  const ticketingUrl = config.ticketingUrl ?? '';
  const theaters = appData?.theaters;
  const siteTicketingProvider = appData?.site.settings?.ticketingProvider;
  useEffect(() => {
    if (!token || !ticketingUrl) return;
    const onClick = (event: MouseEvent) => {
      // A click the page has handled (an in-app navigation, the CMS preview), or one the
      // browser gives another meaning (another button; Alt saves the link).
      if (event.defaultPrevented || event.button !== 0 || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a') : null;
      const href = anchor?.getAttribute('href');
      if (!anchor || !href) return;
      const withToken = ticketingLinkWithToken(href, {
        ticketingUrl,
        provider: context.provider,
        token,
        pageOrigin: window.location.origin,
        theaters: theaters ?? [],
        siteTicketingProvider,
      });
      if (!withToken) return;
      event.preventDefault();
      // No opener and no referrer in a new window, as the link rules give a link to another site.
      if (opensNewWindow(anchor, event)) window.open(withToken, '_blank', 'noreferrer');
      else window.location.assign(withToken);
    };
    // Bubbling to the document: after the page's own handlers (the outbound-click tracking,
    // the CMS preview's), which see the link as rendered.
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [token, ticketingUrl, context.provider, theaters, siteTicketingProvider]);
}
