import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isNotFound } from '@/lib/api-client';
import { getSiteStaff, removeStaffAccess, type StaffGrant } from '../api';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';

/** The staff holding a grant on the site, by name. */
export const siteStaffQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: studioKeys.siteStaff(siteId),
    queryFn: ({ signal }) => getSiteStaff(siteId, signal),
  });

/** The site's staff; asks nothing while `enabled` is false (the grants held do not let the staff member see them). */
export function useSiteStaff(siteId: string, enabled = true) {
  return useQuery({ ...siteStaffQueryOptions(siteId), enabled });
}

/**
 * Removes a staff member's access to the site (their grant; the studio ends their
 * sessions), then asks for the list, and the site's audit log, which has the removal now,
 * again. One removed meanwhile (404: by another administrator) is removed all the same.
 */
export function useRemoveStaffAccess(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (member: StaffGrant) => {
      try {
        await removeStaffAccess(siteId, member.id);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studioKeys.siteStaff(siteId) }),
        queryClient.invalidateQueries({ queryKey: studioKeys.siteAudit(siteId) }),
      ]),
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
