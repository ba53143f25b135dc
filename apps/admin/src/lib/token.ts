import { useSyncExternalStore } from 'react';

const KEY = 'c2c_admin_token';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return read();
}

export function setToken(token: string): void {
  localStorage.setItem(KEY, token);
  emit();
}

export function clearToken(): void {
  localStorage.removeItem(KEY);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Signing out in another tab ends this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored operator session token; components re-render when it is set or cleared. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, read);
}
