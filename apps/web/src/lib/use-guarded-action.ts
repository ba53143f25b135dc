import { REPEAT_CLICK_MS } from '@c2c/shared';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from './api';

/**
 * Runs a submit action at most once per REPEAT_CLICK_MS and never twice at the same time; `loading` is true while it
 * runs. A failed call was already shown to the user by the API client, so its ApiError ends here.
 */
export function useGuardedAction(action: () => Promise<unknown> | undefined) {
  const [loading, setLoading] = useState(false);
  const actionRef = useRef(action);
  actionRef.current = action;
  const lastClick = useRef(Number.NEGATIVE_INFINITY);
  const running = useRef(false);

  const run = useCallback(async () => {
    const now = Date.now();
    if (running.current || now - lastClick.current < REPEAT_CLICK_MS) return;
    lastClick.current = now;
    running.current = true;
    setLoading(true);
    try {
      await actionRef.current();
    } catch (error) {
      if (!(error instanceof ApiError)) console.error(error);
    } finally {
      running.current = false;
      setLoading(false);
    }
  }, []);

  return { run, loading };
}
