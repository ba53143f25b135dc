import type { ErrorKey } from '@c2c/shared';

/** A business rule said no. The error handler turns it into the envelope with the catalogue code and a localized msg. */
export class DomainError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}
