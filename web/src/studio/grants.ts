// How the studio words a grant: a role's name (capitalised, or within a sentence) and the
// theaters it is limited to. A role this version does not know is shown as the API names it.
import type { Translate } from '@/rules/format-message';
import { STUDIO_ROLES } from './api';

function isKnownRole(role: string): boolean {
  return (STUDIO_ROLES as readonly string[]).includes(role);
}

/** "Theater manager" (a list's label) or "theater manager" (within a sentence). */
export function roleName(t: Translate, role: string, within: 'label' | 'sentence' = 'label'): string {
  if (!isKnownRole(role)) return role;
  return t(within === 'label' ? `studio.role.${role}` : `studio.roleInSentence.${role}`);
}

/** "101, 102 and 103", in the studio's language. */
export function theaterList(locale: string, theaterIds: readonly string[]): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(theaterIds);
}
