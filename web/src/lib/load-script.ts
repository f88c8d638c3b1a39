// Third-party scripts (consent manager, analytics, tag managers, ad libraries) are
// added to the page only when the visitor's consent allows it; each URL once.

const loading = new Map<string, Promise<void>>();

/** Adds `<script async src=url>` once; resolves when it has loaded. */
export function loadScript(url: string): Promise<void> {
  const known = loading.get(url);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = url;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(url);
      reject(new Error(`${url} failed to load`));
    };
    document.head.appendChild(script);
  });
  loading.set(url, promise);
  return promise;
}
