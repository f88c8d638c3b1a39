import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createSite,
  getSites,
  setSiteAddress,
  siteDetails,
  type NewSiteRequest,
  type SiteAddressRequest,
  type SiteDetails,
  type StudioSite,
} from '../api';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';
import { useMe } from './use-me';

/** The sites the signed-in staff member may see, by id. */
export const sitesQueryOptions = () =>
  queryOptions({
    queryKey: studioKeys.sites(),
    queryFn: ({ signal }) => getSites(signal),
  });

/**
 * Asked only while someone is signed in: once a sign-out has made /me nobody, a list
 * still on screen for a moment asks nothing more (it would only be refused).
 */
export function useSites() {
  const signedIn = useMe().data != null;
  return useQuery({ ...sitesQueryOptions(), enabled: signedIn });
}

/** One site with where it is served as set (its own public URL): what the form of where it is served starts from. */
export const siteDetailsQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: studioKeys.siteDetails(siteId),
    queryFn: ({ signal }) => siteDetails(siteId, signal),
  });

/** The site with where it is served as set; asks nothing while `enabled` is false. */
export function useSiteDetails(siteId: string, enabled = true) {
  return useQuery({ ...siteDetailsQueryOptions(siteId), enabled });
}

/** `sites` with `site` among them, by id (in its place, where it was there already). */
function withSite(sites: StudioSite[], site: StudioSite): StudioSite[] {
  return [...sites.filter((known) => known.id !== site.id), site].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Creates a site (an operator's call). The list of sites has it at once, so that its page,
 * opened next, finds it, and is asked for again before the mutation ends (the switcher lists
 * what the server says). The operator's grants are every site's already: /me is unchanged.
 */
export function useCreateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: NewSiteRequest) => createSite(request),
    onSuccess: (site) => {
      queryClient.setQueryData<StudioSite[]>(studioKeys.sites(), (sites) => (sites ? withSite(sites, site) : sites));
      return queryClient.invalidateQueries({ queryKey: studioKeys.sites() });
    },
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}

/**
 * Changes where the site is served (an operator's call). The site's details are the server's
 * answer at once (the form starts from them), and the list of sites has its new host names
 * and public address (its page shows them; the list has no own public URL); both are asked
 * for again, with the site's audit log, which has the change now, before the mutation ends.
 */
export function useSetSiteAddress(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SiteAddressRequest) => setSiteAddress(siteId, request),
    onSuccess: (site) => {
      queryClient.setQueryData<SiteDetails>(studioKeys.siteDetails(siteId), site);
      queryClient.setQueryData<StudioSite[]>(studioKeys.sites(), (sites) =>
        sites?.map((known) => (known.id === site.id ? { ...known, hosts: site.hosts, publicUrl: site.publicUrl } : known)),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: studioKeys.siteDetails(siteId) }),
        queryClient.invalidateQueries({ queryKey: studioKeys.sites() }),
        queryClient.invalidateQueries({ queryKey: studioKeys.siteAudit(siteId) }),
      ]);
    },
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
