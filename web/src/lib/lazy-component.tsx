import { lazy, type ComponentType } from 'react';

/**
 * A component whose code loads on demand, like `lazy()`, but which renders straight
 * away once that code is in (preloaded, or loaded for an earlier render). A part that
 * suspends shows its Suspense fallback, and React reveals it no sooner than 300 ms
 * after that fallback appeared: on the first screen, a wait that ends up in the Largest
 * Contentful Paint. A failed load is forgotten, so a later render tries again.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Component: ComponentType<Props>; preload: () => Promise<void> } {
  let loading: Promise<ComponentType<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Suspending = lazy(async () => ({ default: await loadOnce() }));
  function Component(props: Props) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  }
  return {
    Component,
    preload: () =>
      loadOnce().then(
        () => undefined,
        () => undefined,
      ),
  };
}
