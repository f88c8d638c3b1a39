// What the invitation form checks before it sends anything (the server checks again, and its
// refusal lands on the field it names): an e-mail address (acceptance-rules.ts), and for a
// theater manager, the theaters they manage, typed as ids separated by commas.
import type { StudioRole } from './api';

export type TheaterIdsProblem = 'missing';

/** The theater ids typed (" 101, 102,,101 " -> ["101", "102"]): trimmed, no empty one, each once. */
export function theaterIdsFromText(text: string): string[] {
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return [...new Set(ids)];
}

/** What is wrong with the theaters typed for `role`; undefined when nothing is (or the role has none). */
export function theaterIdsProblem(role: StudioRole | '', text: string): TheaterIdsProblem | undefined {
  if (role !== 'theater-manager') return undefined;
  return theaterIdsFromText(text).length === 0 ? 'missing' : undefined;
}
