/**
 * Whether the server could be reached by the last API call. The browser's own `navigator.onLine` only knows the
 * device's link: a phone on a network without a way out, or with the server down, is "online" and still cannot load
 * or send anything. The API client reports each call's fate here; the offline state shows either case.
 */
let reachable = true;
const listeners = new Set<() => void>();

export function reportServerReachable(now: boolean): void {
  if (now === reachable) return;
  reachable = now;
  for (const changed of listeners) changed();
}

export const isServerReachable = (): boolean => reachable;

export function onServerReachableChange(changed: () => void): () => void {
  listeners.add(changed);
  return () => listeners.delete(changed);
}
