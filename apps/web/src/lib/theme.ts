import { THEMES, type Theme } from '@c2c/shared';
import { getStoredTheme, setStoredTheme } from './storage';

const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);

export function getTheme(): Theme {
  const stored = getStoredTheme();
  return isTheme(stored) ? stored : 'subject1';
}

/** Applies a colour scheme; an unknown value keeps the current one and only warns (spec §4). */
export function applyTheme(theme: string): boolean {
  if (!isTheme(theme)) {
    console.warn(`Unknown theme "${theme}"`);
    return false;
  }
  document.documentElement.dataset.theme = theme;
  setStoredTheme(theme);
  return true;
}

export const otherTheme = (theme: Theme): Theme => (theme === 'subject1' ? 'subject2' : 'subject1');
