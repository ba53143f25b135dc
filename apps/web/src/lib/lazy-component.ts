import { type ComponentType, createElement, lazy, useState } from 'react';

export type ReadyComponent<P extends object> = ComponentType<P> & {
  /** Loads the component ahead of its first render; rejects as the download does (a later render tries again). */
  ready: () => Promise<void>;
};

/**
 * `React.lazy`, plus `ready()`. A component loaded before it mounts renders at once: its Suspense boundary never shows
 * the fallback, so React's hold-back does not apply either (content that replaces a fallback is revealed no sooner than
 * 300 ms after the fallback was), which on the first page is 300 ms of a blank page before its content. One that
 * mounts before it has loaded suspends, as `React.lazy` does, and keeps the lazy form for as long as it stays mounted
 * (switching forms would remount it and lose its state).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ReadyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const get = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await get() }));
  function Ready(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Ready, { ready: () => get().then(() => undefined) });
}
