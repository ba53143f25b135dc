/**
 * A counting semaphore, first come first served: at most `size` holders at once; the others wait in line, and a
 * release hands its slot straight to the next in line (so a newcomer never overtakes someone waiting).
 */
export class Slots {
  #busy = 0;
  readonly #waiting: (() => void)[] = [];
  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`slots: size must be a whole number ≥ 1, not ${size}`);
  }
  /** takes a slot when one is free (then nobody waits); false otherwise */
  tryAcquire(): boolean {
    if (this.#busy >= this.size) return false;
    this.#busy++;
    return true;
  }
  acquire(): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
  /** hands the slot to the next in line, or frees it */
  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy--;
  }
  /** runs `work` in a slot, releasing it however the work ends */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }
  /** holders now, and callers waiting for a slot */
  get busy(): number {
    return this.#busy;
  }
  get waiting(): number {
    return this.#waiting.length;
  }
}
