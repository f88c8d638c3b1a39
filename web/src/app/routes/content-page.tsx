import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { isNotFound } from '@/lib/api-client';
import { useTranslate } from '@/lib/i18n';
import { usePage } from '@/features/pages/api/get-page';
import { PageSections } from '@/features/pages/components/page-sections';
import { useAppData } from '@/features/site/api/get-app-data';
import { siteName } from '@/features/site/utils/site-name';
import { PageLoadFailure } from '../page-load-failure';
import { NotFoundRoute } from './not-found';

// The login page's sign-in form: loyalty code, loaded only on that page.
const LoginScreen = lazy(async () => ({
  default: (await import('@/features/loyalty/components/login-screen')).LoginScreen,
}));

/** A generic content page at /{slug}/ (about, privacy policy, ...). */
export function ContentPageRoute() {
  const t = useTranslate();
  const { pageSlug = '' } = useParams();
  const { data: appData } = useAppData();
  const page = usePage(pageSlug);

  if (page.isPending) return <Spinner label={t('status.loading')} />;
  if (page.isError) {
    if (isNotFound(page.error)) return <NotFoundRoute />;
    return <PageLoadFailure error={page.error} />;
  }
  const isLoginPage = pageSlug === appData?.site?.settings?.loginPage?.slug;
  return (
    <article className="container page">
      <PageTitle page={page.data.title} site={siteName(appData?.site)} />
      <h1 className="page-title">{page.data.title}</h1>
      <PageSections sections={page.data.sections ?? []} />
      {isLoginPage ? (
        <Suspense fallback={<Spinner label={t('status.loading')} />}>
          <LoginScreen />
        </Suspense>
      ) : null}
    </article>
  );
}
