import './pull-to-refresh.css';
import { useConfig } from 'antd-mobile/es/components/config-provider';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** What the head says: as antd-mobile's PullToRefresh, in its locale's words. */
export type PullStatus = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/** The head's height while it refreshes, and how far it must be pulled to refresh on release (antd-mobile's). */
const HEAD_HEIGHT = 40;
const THRESHOLD = 60;
/** How long "refreshed" stays, then how long the head takes to fold away. */
export const COMPLETE_DELAY_MS = 500;
export const SETTLE_MS = 300;

/** The pull's distance under the finger's: it gives more the farther it goes (antd-mobile's rubber band). */
function rubberband(distance: number): number {
  const dimension = HEAD_HEIGHT * 5;
  const constant = 0.5;
  return Math.max((distance * dimension * constant) / (dimension + constant * distance), 0);
}

/** Nothing between the touch and the page is scrolled down: a pull there means refresh, not scroll up. */
function atTop(target: EventTarget | null): boolean {
  for (let node = target instanceof Element ? target : null; node && node !== document.body; node = node.parentElement) {
    if (node.scrollTop > 0) return false;
  }
  return (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;
}

interface Props {
  onRefresh: () => Promise<unknown>;
  children?: ReactNode;
}

/**
 * Pull down at the top of the page to refresh, as antd-mobile's PullToRefresh (same texts, distances and steps) but
 * without its animation and gesture libraries (react-spring, @use-gesture: code a list page would load and run before
 * it shows): the touch events are read directly, the head's height is set on the element (no render per move)
 * and folds away with a CSS transition.
 */
export function PullToRefresh({ onRefresh, children }: Props) {
  const { locale } = useConfig();
  const [status, setStatus] = useState<PullStatus>('pulling');
  const root = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      });
    const setHeight = (height: number, settle: boolean) => {
      const style = head.current?.style;
      if (!style) return;
      style.transition = settle ? `height ${SETTLE_MS}ms ease-out` : 'none';
      style.height = `${height}px`;
    };
    // a touch is followed from its start; `pulling` once its first move went down with nothing scrolled
    let touch: { x: number; y: number; decided: boolean; pulling: boolean } | null = null;
    let canRelease = false;
    let busy = false;
    const reset = async () => {
      setHeight(0, true);
      await later(SETTLE_MS);
      setStatus('pulling');
      busy = false;
    };
    const run = async () => {
      busy = true;
      setHeight(HEAD_HEIGHT, true);
      setStatus('refreshing');
      try {
        await refresh.current();
      } catch {
        return reset();
      }
      setStatus('complete');
      await later(COMPLETE_DELAY_MS);
      return reset();
    };
    const onStart = (event: TouchEvent) => {
      const point = event.touches[0];
      touch =
        busy || event.touches.length !== 1 || !point
          ? null
          : { x: point.clientX, y: point.clientY, decided: false, pulling: false };
    };
    const onMove = (event: TouchEvent) => {
      const point = event.touches[0];
      if (!touch || !point) return;
      const dx = point.clientX - touch.x;
      const dy = point.clientY - touch.y;
      if (!touch.decided) {
        if (dx === 0 && dy === 0) return;
        touch.decided = true;
        // sideways (a row of capsules), up (a scroll) or below a scrolled list: not a pull
        touch.pulling = dy > 0 && Math.abs(dy) >= Math.abs(dx) && atTop(event.target);
      }
      if (!touch.pulling) return;
      if (event.cancelable) event.preventDefault();
      event.stopPropagation();
      const height = rubberband(dy);
      setHeight(height, false);
      canRelease = height > THRESHOLD;
      setStatus(canRelease ? 'canRelease' : 'pulling');
    };
    const onEnd = () => {
      const pulled = touch?.pulling;
      touch = null;
      if (!pulled) return;
      if (canRelease) void run();
      else setHeight(0, true);
      canRelease = false;
    };
    // not passive: a pull must keep the page from scrolling (or the browser from reloading it)
    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd);
    element.addEventListener('touchcancel', onEnd);
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  const text = {
    pulling: locale.PullToRefresh.pulling,
    canRelease: locale.PullToRefresh.canRelease,
    refreshing: `${locale.common.loading}...`,
    complete: locale.PullToRefresh.complete,
  }[status];
  return (
    <div ref={root} className="pull-to-refresh">
      <div ref={head} className="pull-to-refresh-head" data-status={status}>
        <div className="pull-to-refresh-head-content" style={{ height: HEAD_HEIGHT }}>
          {text}
        </div>
      </div>
      <div className="pull-to-refresh-content">{children}</div>
    </div>
  );
}
