import fs from 'node:fs';
import { inject } from 'vitest';

/**
 * A suite's summary line (`crash: sqlite 20 rounds, …`): printed at once, and kept for the reliability run's closing
 * summary when the run provides a figures file (vitest.reliability.config.ts); the everyday suite only prints it.
 */
export function figure(line: string): void {
  console.info(line);
  const file = inject('figuresFile');
  if (file) fs.appendFileSync(file, `${line}\n`);
}

/** 1234 -> "1,234" */
export const n = (x: number) => x.toLocaleString('en-US');
