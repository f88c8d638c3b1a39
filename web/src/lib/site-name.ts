import type { Site } from '@/types/api';

/**
 * SPEC.md section 1: the site name comes from the site's own settings, or from its
 * related entity (the circuit, for a chain). The catalogue already applies the rule
 * to config.name; the circuit name covers a bundle that leaves config.name empty.
 */
export function siteName(site: Site | undefined): string {
  return site?.config?.name || site?.settings?.circuit?.name || site?.settings?.domain || '';
}
