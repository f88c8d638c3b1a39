import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  // Pages set their title once their data has arrived, so the <title> is watched.
  const observer = new MutationObserver(onChange);
  observer.observe(document.head, { subtree: true, childList: true, characterData: true });
  return () => observer.disconnect();
}

/** The page's current title, following every change. */
export function useDocumentTitle(): string {
  return useSyncExternalStore(subscribe, () => document.title, () => '');
}
