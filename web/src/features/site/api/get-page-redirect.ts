import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { siteKeys } from '@/api/site-keys';

// The other addresses of a published page (a movie's permalink, a path deeper under a
// movie's page, an id without its slug) are redirected to it by the gateway
// (gateway/src/web.rs), which alone knows where each leads. A full page load follows the
// redirect; inside the app, a HEAD request for the address follows it the same way.

/** What the app reads of the gateway's answer. */
type Answer = Pick<Response, 'ok' | 'status' | 'statusText' | 'redirected' | 'url'>;

/**
 * The path and query of the page the gateway's `answer` was redirected to; `null` when it
 * led to no other page (no page there, or a page of its own). A failed answer throws.
 */
export function redirectedAddress(answer: Answer): string | null {
  if (answer.status === 404) return null;
  if (!answer.ok) throw new ApiError(answer.status, 'http_error', answer.statusText);
  if (!answer.redirected) return null;
  const { pathname, search } = new URL(answer.url);
  return `${pathname}${search}`;
}

/** Where the gateway redirects `address` (a path and query), if it does. */
export async function getPageRedirect(address: string, { signal }: { signal?: AbortSignal } = {}): Promise<string | null> {
  return redirectedAddress(await fetch(address, { method: 'HEAD', signal }));
}

/** Redirects change only when the site is published again. */
export const pageRedirectQueryOptions = (address: string) =>
  queryOptions({
    queryKey: siteKeys.pageRedirect(address),
    queryFn: ({ signal }) => getPageRedirect(address, { signal }),
    staleTime: Infinity,
  });

export function usePageRedirect(address: string) {
  return useQuery(pageRedirectQueryOptions(address));
}
