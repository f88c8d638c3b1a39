import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { appDataQueryOptions } from '@/api/get-app-data';
import { App } from './app';
import { isPageAt, readPublishedData, seedAppData, seedPageData } from './published-page';
import { preloadFirstScreen, preloadPublishedPage } from './router';

/**
 * The browser's side of a page, once the document is parsed: the JSON the gateway wrote
 * into it goes into the query cache, then the server's markup of this very page is
 * hydrated, or the page is rendered afresh (the member area, a preview, the site's 404
 * page answering an unknown address, a page before the site is first published).
 */
export async function startApp(
  document: Document,
  { queryClient, embedContext }: { queryClient: QueryClient; embedContext: string | undefined },
): Promise<{ root: Root; hydrated: boolean }> {
  const container = document.getElementById('root');
  if (!container) throw new Error('no #root element');
  const { pathname } = document.location;
  const { appData, pageData } = readPublishedData(document);
  if (appData) seedAppData(queryClient, appData);
  if (pageData) seedPageData(queryClient, pageData, pathname);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} embedContext={embedContext} />
    </StrictMode>
  );
  if (pageData && container.hasChildNodes() && isPageAt(pageData, pathname)) {
    // The first render is the server's: what only the browser knows follows it
    // (lib/hydration.ts). It needs the code of all the server rendered, not its data; a
    // large chain's page preloads the app data rather than carrying it.
    await Promise.all([
      preloadPublishedPage(queryClient),
      appData ? undefined : queryClient.query(appDataQueryOptions()),
    ]);
    // A transition too: hydration yields to the browser every few milliseconds instead
    // of running as a few long tasks, which held input up (Lighthouse's blocking time).
    let root: Root | undefined;
    startTransition(() => {
      root = hydrateRoot(container, app);
    });
    return { root: root as Root, hydrated: true };
  }
  // The first render waits for the first screen's code and data, so it shows the page
  // whole: a page that suspended would show the loading fallback first and appear
  // 300 ms later at the soonest. It is a transition: React renders it in slices rather
  // than one long task, so the page answers input while it renders.
  await preloadFirstScreen(queryClient);
  const root = createRoot(container);
  startTransition(() => root.render(app));
  return { root, hydrated: false };
}
