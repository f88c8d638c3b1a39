import type { Site } from '@/types/api';

/**
 * The site's name (docs/pages-and-links.md#site-name). svc-catalogue owns the rule and
 * sends its result as config.name (`site_name` in svc-catalogue/src/domain/mod.rs: the
 * site's own name, else its related entity's, its circuit's, its domain), so the web app
 * applies none of its own.
 */
export function siteName(site: Site | undefined): string {
  return site?.config?.name ?? '';
}
