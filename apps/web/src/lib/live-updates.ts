import { type LiveServerMessage, type LiveTopic, SESSION_EXPIRED, WS_PATH } from '@c2c/shared';
import { useEffect } from 'react';
import { endSession } from './api';
import { queryKeys, refreshMoney, refreshTrades } from './queries';
import { queryClient } from './query-client';

/** Waits before reconnecting: quick after a blip, then backing off so a server that is down is not hammered. */
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface LiveHandlers {
  /** Something of the user changed on the server. */
  onEvent: (topic: LiveTopic) => void;
  /** Connected again after a drop: events may have been missed meanwhile. */
  onResume: () => void;
  /** The server refused the session. */
  onExpired: () => void;
}

const liveUrl = () => `${location.origin.replace(/^http/, 'ws')}${WS_PATH}`;

/** Keeps one authenticated `/ws` connection open, reconnecting with backoff, until the returned stop is called. */
export function connectLive(token: string, handlers: LiveHandlers): () => void {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let connectedBefore = false;
  let stopped = false;

  const open = () => {
    timer = undefined;
    const ws = new WebSocket(liveUrl());
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
    ws.onmessage = (event: MessageEvent) => {
      let message: LiveServerMessage;
      try {
        message = JSON.parse(String(event.data)) as LiveServerMessage;
      } catch {
        return;
      }
      if (message.type === 'ready') {
        failures = 0;
        if (connectedBefore) handlers.onResume();
        connectedBefore = true;
      } else if (message.type === 'event') {
        handlers.onEvent(message.topic);
      } else if (message.type === 'error' && message.code === SESSION_EXPIRED) {
        stop();
        handlers.onExpired();
      }
    };
    ws.onclose = () => {
      if (stopped || socket !== ws) return;
      socket = null;
      const delay = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)] ?? 30_000;
      failures += 1;
      timer = setTimeout(open, delay);
    };
  };

  // Back online: try at once instead of waiting out the backoff.
  const online = () => {
    if (stopped || socket || timer === undefined) return;
    clearTimeout(timer);
    failures = 0;
    open();
  };

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', online);
    const ws = socket;
    socket = null;
    ws?.close(1000);
  };

  window.addEventListener('online', online);
  open();
  return stop;
}

function refresh(topic: LiveTopic): void {
  if (topic === 'profile') void queryClient.invalidateQueries({ queryKey: queryKeys.user });
  else if (topic === 'chat' || topic === 'listing') void refreshTrades();
  else {
    // a trade's step moves money (escrow, release), and money moving may be a trade's step: both refetch
    void refreshMoney();
    if (topic === 'money' || topic === 'trade') void refreshTrades();
    // a sale to a merchant was made or decided: its order list and the offer's quantity left changed too
    if (topic === 'saleu')
      for (const queryKey of [queryKeys.merchantSales, queryKeys.merchantOffers])
        void queryClient.invalidateQueries({ queryKey });
    // an interest order was made or settled: the products' quota left and the order list changed too
    if (topic === 'interest') void queryClient.invalidateQueries({ queryKey: queryKeys.interest });
  }
}

/** Live updates while signed in (DESIGN §4, §6): server events refresh what the screens show; closed on sign-out. */
export function useLiveUpdates(token: string | null): void {
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    return connectLive(token, {
      onEvent: refresh,
      onResume: () => {
        void refreshMoney();
        void refreshTrades();
        void queryClient.invalidateQueries({ queryKey: queryKeys.user });
      },
      onExpired: endSession,
    });
  }, [token]);
}
