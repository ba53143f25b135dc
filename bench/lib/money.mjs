// Money on the wire is a decimal string (DESIGN §2); the simulation counts it in micro-USDT bigints, never floats.

const MICRO = 1_000_000n;

/** "1234.5" -> 1234500000n */
export function toMicro(text) {
  const m = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(String(text));
  if (!m) throw new Error(`not an amount: ${text}`);
  const micro = BigInt(m[2]) * MICRO + BigInt((m[3] ?? '').padEnd(6, '0'));
  return m[1] ? -micro : micro;
}

/** 1234500000n -> "1234.50" (two decimals at least, as the server writes it) */
export function fromMicro(micro) {
  const neg = micro < 0n;
  const abs = neg ? -micro : micro;
  const frac = String(abs % MICRO)
    .padStart(6, '0')
    .replace(/0{1,4}$/, '');
  return `${neg ? '-' : ''}${abs / MICRO}.${frac.padEnd(2, '0')}`;
}

/** Whole USDT as micro-USDT. */
export const usdt = (n) => BigInt(n) * MICRO;
