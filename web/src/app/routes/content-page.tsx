import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import { PageBlocks } from '@/features/pages/components/page-blocks';
import { PageSections } from '@/features/pages/components/page-sections';
import { useAppData } from '@/api/get-app-data';
import { siteName } from '@/rules/site-name';
import { NotFoundRoute } from './not-found';
import { useRoutePageData } from './route-page-data';

// The login page's sign-in form: loyalty code, loaded only on that page.
const LoginScreen = lazy(async () => ({
  default: (await import('@/features/loyalty/components/login-screen')).LoginScreen,
}));

/** A generic content page at /{slug}/ (about, privacy policy, ...). */
export function ContentPageRoute() {
  const t = useTranslate();
  const { pageSlug = '' } = useParams();
  const { data: appData } = useAppData();
  const { content, fallback } = useRoutePageData('page');
  const page = content?.page;
  if (!page) return fallback ?? <NotFoundRoute />;
  const isLoginPage = pageSlug === appData?.site.settings?.loginPage?.slug;
  return (
    <article className="container page">
      <PageTitle page={page.title} site={siteName(appData?.site)} />
      <h1 className="page-title">{page.title}</h1>
      <PageSections sections={page.sections ?? []} />
      <PageBlocks blocks={page.blocks ?? []} media={page.media ?? []} />
      {isLoginPage ? (
        <Suspense fallback={<Spinner label={t('status.loading')} />}>
          <LoginScreen />
        </Suspense>
      ) : null}
    </article>
  );
}
