import { useEffect } from 'react';

/**
 * While `unsaved` (a form's changes not yet saved), closing or reloading the tab asks
 * first. (Leaving within the studio does not: its BrowserRouter is no data router, so
 * useBlocker is not to hand.)
 */
export function useAskBeforeUnload(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const askFirst = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- older browsers ask only where it is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', askFirst);
    return () => window.removeEventListener('beforeunload', askFirst);
  }, [unsaved]);
}
