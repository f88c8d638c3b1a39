// The login page, /{loginPage.slug}/ of the site settings (docs/pages-and-links.md#routes):
// a content page; without a slug the home page stands in. The query is kept for the
// hand-off.

import { paths } from '@/config/paths';

export function loginPagePath(slug: string, search = ''): string {
  return `${slug ? paths.contentPage.build(slug) : paths.home.build()}${search}`;
}
