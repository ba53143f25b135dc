import type { User } from '@c2c/shared';

/** The keys the product specification names for local storage (§3), plus the app's own preferences. */
const KEYS = { token: 'token', userInfo: 'userInfo', lang: 'lang', theme: 'theme' } as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private browsing may refuse storage; the session then lasts as long as the page.
  }
}

export const getToken = (): string | null => read(KEYS.token);

export function getUserInfo(): User | null {
  const raw = read(KEYS.userInfo);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

export function setUserInfo(user: User): void {
  write(KEYS.userInfo, JSON.stringify(user));
}

export function saveSession(token: string, user: User): void {
  write(KEYS.token, token);
  setUserInfo(user);
}

export function clearSession(): void {
  write(KEYS.token, null);
  write(KEYS.userInfo, null);
}

export const getStoredLang = (): string | null => read(KEYS.lang);
export const setStoredLang = (lang: string): void => write(KEYS.lang, lang);
export const getStoredTheme = (): string | null => read(KEYS.theme);
export const setStoredTheme = (theme: string): void => write(KEYS.theme, theme);
