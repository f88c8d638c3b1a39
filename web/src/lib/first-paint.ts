// When the page's first contentful paint is on screen: the browser's paint timing says so
// after the frame has been presented, not merely produced. Work that the first screen
// does not show waits for it, so it neither delays that paint nor competes with it for
// the network (components/deferred.tsx, web-fonts.tsx, the service worker in main.tsx).

// A page that never paints while it waits (a tab opened in the background reports its
// first paint only once shown) gets on with the rest after this long.
export const FIRST_PAINT_WAIT_MS = 3000;

let painted = false;
let firstPaint: Promise<void> | undefined;

function paintTimingSupported(): boolean {
  return typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes.includes('paint');
}

function hasPainted(): boolean {
  return performance.getEntriesByName('first-contentful-paint').length > 0;
}

/** Whether the first contentful paint is known to be on screen, or no longer waited for. */
export function isAfterFirstPaint(): boolean {
  painted ||= !paintTimingSupported() || hasPainted();
  return painted;
}

/** Resolves once the first contentful paint is on screen, or after FIRST_PAINT_WAIT_MS. */
export function afterFirstPaint(): Promise<void> {
  firstPaint ??= new Promise<void>((resolve) => {
    if (isAfterFirstPaint()) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = window.setTimeout(done, FIRST_PAINT_WAIT_MS);
    function done() {
      painted = true;
      observer.disconnect();
      window.clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: 'paint', buffered: true });
  });
  return firstPaint;
}
