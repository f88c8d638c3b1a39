// What the invitation form checks before it sends anything (the server checks again, and its
// refusal lands on the field it names): a name of 1 to 100 characters, and where the
// invitation names no address, an e-mail address.

export const NAME_MAX_CHARACTERS = 100;

export type NameProblem = 'missing' | 'tooLong';
export type EmailProblem = 'missing' | 'invalid';

/** What is wrong with the name as typed (it is sent trimmed); undefined when nothing is. */
export function nameProblem(name: string): NameProblem | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'missing';
  // Characters, not UTF-16 units: a name in an emoji-rich or astral script is not cut short.
  if (Array.from(trimmed).length > NAME_MAX_CHARACTERS) return 'tooLong';
  return undefined;
}

/** Something@somewhere, without spaces: the server decides the rest. */
export function emailProblem(email: string): EmailProblem | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return 'missing';
  return /^[^\s@]+@[^\s@]+$/.test(trimmed) ? undefined : 'invalid';
}
