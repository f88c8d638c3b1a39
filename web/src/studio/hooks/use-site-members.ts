import { skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  deleteMember,
  findMembers,
  sendActivation,
  sendPasswordReset,
  unlockMember,
  type MemberLookup,
  type StudioMember,
} from '../api';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';

/**
 * The site's members of `lookup` (an exact e-mail address or card number: none, or one);
 * asks nothing until there is one, which the staff member submits. Each search is audited
 * and counted against the staff member's budget (30 member-support calls a minute), so it
 * is asked on request alone: never again unseen (kept fresh, not retried), and what it
 * found leaves the studio with the screen (`gcTime` 0).
 */
export function useMemberSearch(siteId: string, lookup: MemberLookup | null) {
  return useQuery({
    queryKey: studioKeys.siteMemberSearch(siteId, lookup),
    queryFn: lookup ? ({ signal }) => findMembers(siteId, lookup, signal) : skipToken,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** The actions on a member that keep them, each answering the member as they stand after. */
const MEMBER_ACTIONS = {
  unlock: unlockMember,
  activation: sendActivation,
  'password-reset': sendPasswordReset,
} as const;

export type MemberAction = keyof typeof MEMBER_ACTIONS;

/** An action on a member: which, and on whom (as the search found them). */
export type MemberActionRequest = { action: MemberAction; member: StudioMember };

/** An account to delete, and why. */
export type MemberDeletionRequest = { member: StudioMember; reason: string };

/** Every search of the site's members, each member as `change` has them (null: gone). */
function changeMembers(queryClient: QueryClient, siteId: string, change: (member: StudioMember) => StudioMember | null) {
  queryClient.setQueriesData<StudioMember[]>({ queryKey: studioKeys.siteMembers(siteId) }, (members) =>
    members?.flatMap((member) => change(member) ?? []),
  );
}

/**
 * Unlocks a member, or mails them an activation code or a password reset link again: the
 * searches show them as the server answers them after (never searched again, which the
 * budget counts), and the site's audit log, which has the action now, is asked for again.
 */
export function useMemberAction(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, member }: MemberActionRequest) => MEMBER_ACTIONS[action](siteId, member.id),
    onSuccess: (after) => {
      changeMembers(queryClient, siteId, (member) => (member.id === after.id ? after : member));
      return queryClient.invalidateQueries({ queryKey: studioKeys.siteAudit(siteId) });
    },
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}

/**
 * Deletes a member's account, saying why: it leaves the searches, and the site's audit
 * log, which has the deletion and its reason now, is asked for again.
 */
export function useDeleteMember(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, reason }: MemberDeletionRequest) => deleteMember(siteId, member.id, reason),
    onSuccess: (_nothing, { member: deleted }) => {
      changeMembers(queryClient, siteId, (member) => (member.id === deleted.id ? null : member));
      return queryClient.invalidateQueries({ queryKey: studioKeys.siteAudit(siteId) });
    },
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
