/**
 * Registers the service worker of the built app (vite.config.ts) once the page has loaded, so its precaching never
 * competes with the first route's own downloads. A new version installs in the background and takes over on the next
 * visit. Development serves no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
