// What the new-site form checks before it sends anything, and how it and the form of where
// a site is served read what was typed (the server checks again, and its refusal lands on
// the field it names): a site's id is lower-case letters, digits and '-', at most 63
// characters (proto/src/site.rs's is_site_id); its host names are typed one a line or
// separated by commas.
import type { NewSiteRequest, SiteAddressRequest, SiteDetails, SiteTemplate } from './api';

export const SITE_ID_MAX_CHARACTERS = 63;

export type SiteIdProblem = 'missing' | 'invalid' | 'tooLong';

/** The form's fields as typed: POST /studio/api/v1/sites's, the host names as one text. */
export type NewSiteFields = { id: string; name: string; template: SiteTemplate; hosts: string; publicUrl: string };

/** What is wrong with the id as typed (it is sent trimmed); undefined when nothing is. */
export function siteIdProblem(id: string): SiteIdProblem | undefined {
  const trimmed = id.trim();
  if (trimmed === '') return 'missing';
  if (!/^[a-z0-9-]+$/.test(trimmed)) return 'invalid';
  if (trimmed.length > SITE_ID_MAX_CHARACTERS) return 'tooLong';
  return undefined;
}

/**
 * The host names typed ("Www.Example.com, \n example.com" -> ["www.example.com",
 * "example.com"]): one a line or separated by commas, trimmed, lower-cased, no empty one,
 * each once. Anything else about them (a port, a scheme) is the server's to refuse.
 */
export function hostsFromText(text: string): string[] {
  const hosts = text
    .split(/[\n,]/)
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
  return [...new Set(hosts)];
}

/** The body the form sends: each text trimmed, the host names read, an empty public URL left out (the deployment's). */
export function newSiteRequest({ id, name, template, hosts, publicUrl }: NewSiteFields): NewSiteRequest {
  const url = publicUrl.trim();
  return {
    id: id.trim(),
    name: name.trim(),
    template,
    hosts: hostsFromText(hosts),
    ...(url === '' ? {} : { publicUrl: url }),
  };
}

/** The fields of where a site is served, as typed: PATCH /studio/api/v1/sites/{siteId}'s, the host names as one text. */
export type SiteAddressFields = { hosts: string; publicUrl: string };

/**
 * What the form of where the site is served starts from: its host names, one a line, and
 * its own public URL ('' when it has none and is reached at the deployment's address).
 */
export function siteAddressFields(site: SiteDetails): SiteAddressFields {
  return { hosts: site.hosts.join('\n'), publicUrl: site.ownPublicUrl };
}

/**
 * The body that form sends: both fields, each replacing what the site has: the host names
 * read (none: the site has none of its own), the public URL trimmed ('': the deployment's).
 */
export function siteAddressRequest({ hosts, publicUrl }: SiteAddressFields): SiteAddressRequest {
  return { hosts: hostsFromText(hosts), publicUrl: publicUrl.trim() };
}
