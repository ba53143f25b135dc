import { describe, expect, it } from 'vitest';
import { Slots } from './slots.js';

/** a piece of work that ends when the test says so */
function gate() {
  let open!: () => void;
  let fail!: (err: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { done, open, fail };
}
const settle = () => new Promise((r) => setImmediate(r));

describe('slots', () => {
  it('runs at most `size` at once and lets the others in first come first served', async () => {
    const slots = new Slots(2);
    const gates = Array.from({ length: 5 }, gate);
    const open = (i: number) => gates[i]?.open();
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      slots.run(async () => {
        started.push(i);
        await g.done;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([slots.busy, slots.waiting]).toEqual([2, 3]);
    open(1);
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // a newcomer does not overtake those waiting, though a slot is handed over just now
    expect(slots.tryAcquire()).toBe(false);
    open(0);
    open(2);
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    open(3);
    open(4);
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect([slots.busy, slots.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of work that fails', async () => {
    const slots = new Slots(1);
    const first = gate();
    const failing = slots.run(() => first.done);
    const next = slots.run(async () => 'next');
    first.fail(new Error('boom'));
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('next');
    expect(slots.busy).toBe(0);
  });

  it('refuses a size that is not a whole number of at least one', () => {
    for (const size of [0, -1, 1.5, Number.NaN]) expect(() => new Slots(size), String(size)).toThrow(RangeError);
  });
});
