// How member support reads and words a site's member: the search form's fields as the
// lookup the API takes, a member's status in words and what may be done for them, and
// what the reason for deleting an account is checked for before it is sent (the server
// checks again, and its refusal lands on the field it names). A status this version does
// not know is shown as the API names it.
import type { Translate } from '@/rules/format-message';
import { MEMBER_STATUSES, type MemberLookup, type StudioMember } from './api';

/** What a member is looked for by: the API's query parameter. */
export type MemberLookupKind = 'email' | 'card';

/** The search form's fields: what the member is looked for by, and what was typed. */
export type MemberSearchFields = { by: MemberLookupKind; value: string };

export const NO_MEMBER_SEARCH: MemberSearchFields = { by: 'email', value: '' };

/** The lookup the fields ask for, what was typed trimmed: exact matches alone are found. */
export function memberLookup({ by, value }: MemberSearchFields): MemberLookup {
  const text = value.trim();
  return by === 'email' ? { email: text } : { card: text };
}

/** What `lookup` looks a member up by. */
export function lookupKind(lookup: MemberLookup): MemberLookupKind {
  return 'email' in lookup ? 'email' : 'card';
}

/** Whether two lookups ask for the same members. */
export function sameLookup(a: MemberLookup | null, b: MemberLookup | null): boolean {
  if (a === null || b === null) return a === b;
  return lookupKind(a) === lookupKind(b) && lookupValue(a) === lookupValue(b);
}

function lookupValue(lookup: MemberLookup): string {
  return 'email' in lookup ? lookup.email : lookup.card;
}

function isKnownStatus(status: string): boolean {
  return (MEMBER_STATUSES as readonly string[]).includes(status);
}

/** "Locked after failed sign-ins"; a status this version does not know, as named. */
export function memberStatusName(t: Translate, status: string): string {
  return isKnownStatus(status) ? t(`studio.members.status.${status}`) : status;
}

/** Locked after failed sign-ins, or blocked after repeated lockouts: unlocking lets them sign in at once. */
export function mayBeUnlocked(member: Pick<StudioMember, 'status'>): boolean {
  return member.status === 'locked' || member.status === 'blocked';
}

/** Not activated yet: an activation code may be mailed to them again. */
export function awaitsActivation(member: Pick<StudioMember, 'status'>): boolean {
  return member.status === 'not-activated';
}

export const REASON_MIN_CHARACTERS = 3;
export const REASON_MAX_CHARACTERS = 500;

export type ReasonProblem = 'missing' | 'tooShort' | 'tooLong';

/** What is wrong with a deletion's reason as typed (it is sent trimmed); undefined when nothing is. */
export function reasonProblem(reason: string): ReasonProblem | undefined {
  const trimmed = reason.trim();
  if (trimmed === '') return 'missing';
  // Characters, not UTF-16 units, as the server counts them.
  const length = Array.from(trimmed).length;
  if (length < REASON_MIN_CHARACTERS) return 'tooShort';
  if (length > REASON_MAX_CHARACTERS) return 'tooLong';
  return undefined;
}
