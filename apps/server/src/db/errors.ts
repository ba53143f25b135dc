/** True when a database refused a row because a UNIQUE constraint already holds that value (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/**
 * True when a number was too big for its column or its arithmetic: PostgreSQL's "bigint out of range" (22003), or
 * better-sqlite3 refusing to bind a bigint past 64 bits. The wire checks keep amounts far below that; this is the net
 * under them, so a number no check foresaw is refused as a bad value, not answered as a server fault.
 */
export function isNumericOverflow(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  return e?.code === '22003' || (err instanceof RangeError && /too big|too large/i.test(e?.message ?? ''));
}
