import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/spinner';
import { usePageRedirect } from '@/features/site/api/get-page-redirect';
import { useTranslate } from '@/state/i18n';
import { PageLoadFailure } from '../page-load-failure';
import { NotFoundRoute } from './not-found';

/**
 * An address the app has no page for, which the gateway may redirect to a published page
 * (a movie's permalink, a path deeper under a movie's page, an id without its slug):
 * followed inside the app as a full load follows it, the page shown at its own address;
 * an address that leads nowhere is not found.
 */
export function PageRedirectRoute() {
  const t = useTranslate();
  const { pathname, search, hash } = useLocation();
  const redirect = usePageRedirect(`${pathname}${search}`);
  if (redirect.isPending) return <Spinner label={t('status.loading')} />;
  if (redirect.isError) return <PageLoadFailure error={redirect.error} />;
  if (redirect.data === null) return <NotFoundRoute />;
  return <Navigate to={`${redirect.data}${hash}`} replace />;
}
