// The embed context ('tapos_embedded', docs/pages-and-links.md#link-rules) arrives once in
// the query string of the first page and holds for the rest of the visit, so it is kept in
// session storage: links drop every non-utm parameter (docs/pages-and-links.md#link-rules).
export const EMBED_CONTEXT_PARAMETER = 'embedContext';
const STORAGE_KEY = 'embedContext';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The embed context named by `search`, remembered in `storage`, or the one remembered before. */
export function readEmbedContext(search: string, storage: SessionStore | undefined): string | undefined {
  const fromQuery = new URLSearchParams(search).get(EMBED_CONTEXT_PARAMETER);
  try {
    if (fromQuery) storage?.setItem(STORAGE_KEY, fromQuery);
    return fromQuery ?? storage?.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    // Storage can be refused (private mode, blocked third-party storage in a frame).
    return fromQuery ?? undefined;
  }
}

function sessionStorageOrNothing(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** This visit's embed context: the address's, remembered for the visit, or the one remembered before. */
export function visitEmbedContext(): string | undefined {
  return readEmbedContext(window.location.search, sessionStorageOrNothing());
}
