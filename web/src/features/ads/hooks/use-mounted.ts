import { useEffect, useState } from 'react';

/** False on the first render, true once the component is mounted in the browser. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
