import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { pageDataQueryOptions } from '@/features/site/api/get-page-data';
import { appDataQueryOptions } from '@/api/get-app-data';
import { appData, publishedPages } from '@/testing/published-site';
import { isPageAt, readPublishedData, seedAppData, seedPageData } from './published-page';

describe('seedPageData', () => {
  it("puts a page's data where its route's query looks", () => {
    const queryClient = createQueryClient();
    seedPageData(queryClient, publishedPages.movie);
    expect(queryClient.getQueryData(pageDataQueryOptions('/movies/1001-the-long-night/').queryKey)).toBe(
      publishedPages.movie,
    );
  });

  it("also answers for the unknown address the site's 404 page is shown at", () => {
    const queryClient = createQueryClient();
    seedPageData(queryClient, publishedPages.notFound, '/movies/999999-nothing-here/');
    expect(queryClient.getQueryData(pageDataQueryOptions('/movies/999999-nothing-here/').queryKey)).toBe(
      publishedPages.notFound,
    );
    expect(queryClient.getQueryData(pageDataQueryOptions('/404.html').queryKey)).toBe(publishedPages.notFound);
  });

  it('seeds the app data under its query', () => {
    const queryClient = createQueryClient();
    seedAppData(queryClient, appData);
    expect(queryClient.getQueryData(appDataQueryOptions().queryKey)).toBe(appData);
  });
});

describe('isPageAt', () => {
  it('tells the page published at an address from one shown there', () => {
    expect(isPageAt(publishedPages.home, '/')).toBe(true);
    expect(isPageAt(publishedPages.movieList, '/movies')).toBe(true);
    expect(isPageAt(publishedPages.notFound, '/movies/999999-nothing-here/')).toBe(false);
  });
});

describe('readPublishedData', () => {
  it('reads the JSON the gateway wrote, and nothing from a shell', () => {
    const page = new DOMParser().parseFromString(
      `<div id="root"></div><script type="application/json" id="app-data">${JSON.stringify(appData)}</script>` +
        `<script type="application/json" id="page-data">${JSON.stringify(publishedPages.event).replace(/</g, '\\u003c')}</script>`,
      'text/html',
    );
    expect(readPublishedData(page)).toEqual({ appData, pageData: publishedPages.event });
    const shell = new DOMParser().parseFromString('<div id="root"></div>', 'text/html');
    expect(readPublishedData(shell)).toEqual({ appData: undefined, pageData: undefined });
    const broken = new DOMParser().parseFromString('<script type="application/json" id="page-data">{"path":</script>', 'text/html');
    expect(readPublishedData(broken).pageData).toBeUndefined();
  });
});
