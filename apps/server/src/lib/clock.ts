/** The one source of "now" on the server, so tests can move time (session expiry, code life, TOTP steps). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export const iso = (d: Date): string => d.toISOString();
export const addSeconds = (d: Date, s: number): Date => new Date(d.getTime() + s * 1000);
