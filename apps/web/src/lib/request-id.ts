import { useMemo, useRef } from 'react';
import { ApiError } from './api';

/** 32 hex digits. randomUUID exists only in secure contexts; getRandomValues also on plain http. */
function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The `request_id` of one filled form. A repeat or a retry after a lost answer sends the same id, so the server
 * returns the first result instead of creating a second recharge or withdrawal (DESIGN §3). The next form gets a new
 * id after success, and after a definite refusal (the server created nothing, and the user will change the form).
 */
export function useRequestId() {
  const id = useRef<string | null>(null);
  return useMemo(
    () => ({
      current: (): string => {
        id.current ??= newRequestId();
        return id.current;
      },
      settle: (error?: unknown): void => {
        const unknownOutcome = error !== undefined && (!(error instanceof ApiError) || error.code === 0);
        if (!unknownOutcome) id.current = null;
      },
    }),
    [],
  );
}
