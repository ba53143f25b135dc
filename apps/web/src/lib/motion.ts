const QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the person asked their system for less motion. */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

/**
 * Honours the system's "reduce motion" setting in antd-mobile's spring animations (sheets, dialogs, toasts), which CSS
 * cannot reach; styles.css stills the app's own transitions. Loaded only for those who asked, so the first route of
 * everyone else carries none of it. Resolves once applied.
 */
export async function applyMotionPreference(): Promise<void> {
  if (!prefersReducedMotion()) return;
  const { reduceMotion, restoreMotion } = await import('antd-mobile/es/utils/reduce-and-restore-motion');
  reduceMotion();
  window.matchMedia(QUERY).addEventListener('change', (e) => (e.matches ? reduceMotion() : restoreMotion()));
}
