import { vi } from 'vitest';

type Listener = (entries: { getEntriesByName: (name: string) => unknown[] }) => void;

/** A browser with paint timing whose first paints the test reports with `paint(name)`. */
export function stubPaintTiming(painted: string[] = []) {
  const listeners = new Set<Listener>();
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'resource'];
    constructor(private readonly listener: Listener) {}
    observe() {
      listeners.add(this.listener);
    }
    disconnect() {
      listeners.delete(this.listener);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation(
    (name: string) => (painted.includes(name) ? [{ name }] : []) as PerformanceEntryList,
  );
  return {
    paint(name: string) {
      painted.push(name);
      for (const listener of [...listeners]) {
        listener({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
      }
    },
    observers: () => listeners.size,
  };
}
