import { isMotionReduced, restoreMotion } from 'antd-mobile/es/utils/reduce-and-restore-motion';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyMotionPreference } from './motion';

/** A system setting for motion that can be changed while the app runs. */
function systemSetting(reduce: boolean) {
  const listeners: ((e: { matches: boolean }) => void)[] = [];
  const query = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, fn: (e: { matches: boolean }) => void) => listeners.push(fn),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return (next: boolean) => {
    reduce = next;
    for (const fn of listeners) fn({ matches: next });
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  restoreMotion();
});

describe("the system's reduce-motion setting", () => {
  it("stills antd-mobile's spring animations when set, and follows the setting when it changes", async () => {
    const change = systemSetting(true);
    await applyMotionPreference();
    expect(isMotionReduced()).toBe(true);
    change(false);
    expect(isMotionReduced()).toBe(false);
    change(true);
    expect(isMotionReduced()).toBe(true);
  });

  it('leaves the animations as they are when not set', async () => {
    systemSetting(false);
    await applyMotionPreference();
    expect(isMotionReduced()).toBe(false);
  });
});
