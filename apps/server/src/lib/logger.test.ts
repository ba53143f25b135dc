import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LineBatcher } from './logger.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('log lines in batches', () => {
  const batcher = (maxChars: number, maxMs: number) => {
    const writes: string[] = [];
    return { writes, lines: new LineBatcher({ write: (text: string) => writes.push(text) }, maxChars, maxMs) };
  };

  it('holds lines until they fill a batch, then hands them on in one write, in order', () => {
    const { writes, lines } = batcher(30, 60_000);
    lines.write('{"n":1}\n');
    lines.write('{"n":2}\n');
    lines.write('{"n":3}\n');
    expect(writes).toEqual([]);
    lines.write('{"n":4}\n');
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n']);
    lines.write('{"n":5}\n');
    lines.flush();
    lines.flush();
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n', '{"n":5}\n']);
  });

  it('hands on a batch that is not full once its first line has waited its time', async () => {
    const { writes, lines } = batcher(1 << 20, 20);
    lines.write('a\n');
    lines.write('b\n');
    expect(writes).toEqual([]);
    await new Promise((r) => setTimeout(r, 80));
    expect(writes).toEqual(['a\nb\n']);
    lines.write('c\n');
    await new Promise((r) => setTimeout(r, 80));
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  /**
   * A process that logs through the server's destination (standard output, batches held for a minute), then ends as
   * `end` says: what reached its standard output.
   */
  function logged(end: string): string[] {
    const script = `
      import pino from 'pino';
      import { batchedStandardOutput } from ${JSON.stringify(path.join(here, 'logger.ts'))};
      const { stream, hooks } = batchedStandardOutput({ maxMs: 60_000 });
      const log = pino({ level: 'info', hooks }, stream);
      log.info('first');
      log.info('second');
      ${end}
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: here,
      encoding: 'utf8',
      timeout: 20_000,
    });
    return run.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { msg: string }).msg);
  }

  it('writes what it holds when the process exits, and when it crashes', { timeout: 60_000 }, () => {
    expect(logged('process.exit(0);')).toEqual(['first', 'second']);
    expect(logged("setTimeout(() => { throw new Error('a crash'); }, 10);")).toEqual(['first', 'second']);
  });

  it('writes at once after an error line: a kill -9 then loses nothing before it', { timeout: 60_000 }, () => {
    const kill = "setTimeout(() => process.kill(process.pid, 'SIGKILL'), 300);";
    // the batch was still held: the kill took it
    expect(logged(kill)).toEqual([]);
    expect(logged(`log.error('third'); ${kill}`)).toEqual(['first', 'second', 'third']);
  });
});
