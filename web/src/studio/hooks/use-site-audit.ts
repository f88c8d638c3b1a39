import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getAudit, getAuditCsv, type AuditFilter } from '../api';
import { saveFile } from '../save-file';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';

/** The entries of a site's audit log that `filter` selects, newest first. */
export const siteAuditQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: studioKeys.siteAuditEntries(filter),
    queryFn: ({ signal }) => getAudit(filter, signal),
  });

/**
 * The site's audit log as `filter` selects it; asks nothing while `enabled` is false (the
 * grants held do not let the staff member read it). While another filter's entries are on
 * their way, the last ones stay shown (`isPlaceholderData`).
 */
export function useSiteAudit(filter: AuditFilter, enabled = true) {
  return useQuery({ ...siteAuditQueryOptions(filter), enabled, placeholderData: keepPreviousData });
}

/** The file the entries are saved as. */
export const AUDIT_CSV_FILE = 'audit.csv';

/**
 * Saves the entries `filter` selects as a CSV file: the gateway writes it for a request
 * that accepts `text/csv`, which a plain link cannot ask for, so the file is fetched, then
 * saved from the page.
 */
export function useDownloadAuditCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (filter: AuditFilter) => saveFile(await getAuditCsv(filter), AUDIT_CSV_FILE),
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
