import { useRef, useState, type SubmitEvent } from 'react';

/**
 * A form's submit that runs one at a time: pressed again (or Enter again) while the
 * call is out, nothing more is sent. `pending` marks the button `aria-disabled` meanwhile:
 * a disabled button would drop the focus of the visitor who pressed it.
 */
export function useGuardedSubmit(action: () => Promise<void>) {
  const [pending, setPending] = useState(false);
  // Set in the same event, before React renders the disabled button.
  const running = useRef(false);
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (running.current) return;
    running.current = true;
    setPending(true);
    void action().finally(() => {
      running.current = false;
      setPending(false);
    });
  };
  return { pending, onSubmit };
}
