import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, getTheme, otherTheme } from './theme';

afterEach(() => vi.restoreAllMocks());

describe('theme', () => {
  it('applies and remembers subject1 and subject2', () => {
    expect(getTheme()).toBe('subject1');
    expect(applyTheme(otherTheme('subject1'))).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('subject2');
    expect(getTheme()).toBe('subject2');
  });

  it('only warns about an unknown theme', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    applyTheme('subject1');
    expect(applyTheme('neon')).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(document.documentElement.dataset.theme).toBe('subject1');
    expect(getTheme()).toBe('subject1');
  });
});
