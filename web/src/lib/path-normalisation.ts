// SPEC.md section 2 "Path normalisation": one trailing-slash rule for the whole
// site, files left as they are.
export type TrailingSlash = 'always' | 'never';

const FILE_EXTENSION = /\.(html|json|js|map|txt|xml|pdf)$/i;

/** `path` (no query or hash) with the site's trailing-slash rule applied. */
export function normalisePath(path: string, trailingSlash: TrailingSlash = 'always'): string {
  if (path === '' || path === '/') return '/';
  if (FILE_EXTENSION.test(path)) return path;
  const bare = path.replace(/\/+$/, '');
  if (bare === '') return '/';
  return trailingSlash === 'always' ? `${bare}/` : bare;
}
