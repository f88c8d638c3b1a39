// docs/pages-and-links.md#path-normalisation: one trailing-slash rule for the whole
// site, files left as they are. The gateway applies the same rule (`canonical_path` in
// gateway/src/page_routes.rs); both are tested on fixtures/path-normalisation.json.
export type TrailingSlash = 'always' | 'never';

// The gateway's FILE_EXTENSIONS (gateway/src/page_routes.rs).
const FILE_EXTENSION = /\.(html|json|js|map|txt|xml|pdf)$/i;

/** Whether `path` names a file (a PDF, the sitemap...) rather than a page. */
export function isFilePath(path: string): boolean {
  return FILE_EXTENSION.test(path);
}

/** `path` (no query or hash) with the site's trailing-slash rule applied. */
export function normalisePath(path: string, trailingSlash: TrailingSlash = 'always'): string {
  if (path === '' || path === '/') return '/';
  if (isFilePath(path)) return path;
  const bare = path.replace(/\/+$/, '');
  if (bare === '') return '/';
  return trailingSlash === 'always' ? `${bare}/` : bare;
}
