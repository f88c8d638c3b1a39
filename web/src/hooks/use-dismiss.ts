// A disclosure that closes the way people expect (the WAI-ARIA disclosure pattern): Escape
// closes it and gives focus back to the control that opened it, and a press anywhere
// outside it closes it.

import { useEffect, type RefObject } from 'react';

/** `setOpen`: the disclosure's state setter (stable, as React's are). */
export function useDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  container: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    const onPointerDown = (event: Event) => {
      if (!container.current?.contains(event.target as Node | null)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, setOpen, container, trigger]);
}
