import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '@/components/spinner';
import { isNotFound } from '@/lib/api-client';
import { useTranslate } from '@/state/i18n';
import { withoutPreviewPrefix } from '@/rules/link-rules';
import { usePageData } from '@/features/site/api/get-page-data';
import type { PageContent, PageData, TemplateName } from '@/types/api';
import { PageLoadFailure } from '../page-load-failure';
import { NotFoundRoute } from './not-found';
import { PageRedirectRoute } from './page-redirect';

type RoutePageData =
  | { page: PageData; content: PageContent; fallback?: undefined }
  | { page?: undefined; content?: undefined; fallback: ReactNode };

// Pages about one thing (a movie, a theater...): an address naming none leads where the
// gateway redirects it (an id without its slug, to the page), or shows the not-found
// screen in place, as the site's 404 page does for any unknown address.
const ABOUT_ONE_THING: ReadonlySet<string> = new Set<TemplateName>(['movie', 'theater', 'event', 'page']);

/**
 * The data of the published page the router shows (a CMS preview shows the page without
 * its prefix): the chain-wide view every published route renders first, on the server
 * and in the browser alike. Until it is in, or instead of it, `fallback` says what to
 * show: the loading state, the page the gateway redirects the address to or else the
 * not-found screen (no such movie, theater, event or page), the not-found screen (the
 * site's 404 page served at this address), or the way on to /404.html or
 * /500.html when the data could not be loaded (docs/pages-and-links.md#page-loading-and-errors).
 */
export function useRoutePageData(template: TemplateName): RoutePageData {
  const t = useTranslate();
  const { pathname } = useLocation();
  const query = usePageData(withoutPreviewPrefix(pathname));
  if (query.isPending) return { fallback: <Spinner label={t('status.loading')} /> };
  if (query.isError) {
    const missing = isNotFound(query.error) && ABOUT_ONE_THING.has(template);
    return { fallback: missing ? <PageRedirectRoute /> : <PageLoadFailure error={query.error} /> };
  }
  if (query.data.templateName !== template) return { fallback: <NotFoundRoute /> };
  return { page: query.data, content: query.data.data };
}
