import type { ErrorKey, MessageParam } from '@c2c/shared';

/** A business rule said no. The error handler turns it into the envelope with the catalogue code and a localized msg. */
export class DomainError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params: Record<string, MessageParam> = {},
    /**
     * The refusal keeps what the transaction wrote before it (a counted wrong attempt, a burned code): the
     * transaction commits and the error is answered after the commit. Otherwise the transaction rolls back.
     */
    readonly keepWrites = false,
  ) {
    super(key);
  }
}

/** A request field failed its check: answered like any refusal, with the field's name in `data` (a form points at it). */
export class InvalidField extends DomainError {
  constructor(
    key: ErrorKey,
    readonly field: string,
    params: Record<string, MessageParam> = {},
  ) {
    super(key, params);
  }
}
