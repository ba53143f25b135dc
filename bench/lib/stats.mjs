// Per-call tallies of a load run: every answer is classed as ok, an expected business refusal, or an error.

/** p-th percentile (0..100) of sorted latencies, nearest rank. */
export function percentile(sorted, p) {
  if (!sorted.length) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export class CallStats {
  constructor() {
    /** call name -> { ms: number[], ok, refused: Map<reason, n>, errors } */
    this.calls = new Map();
    /** the first errors, for the report */
    this.errorSamples = [];
    this.errorCount = 0;
  }

  #entry(name) {
    let e = this.calls.get(name);
    if (!e) {
      e = { ms: [], ok: 0, refused: new Map(), errors: 0 };
      this.calls.set(name, e);
    }
    return e;
  }

  ok(name, ms) {
    const e = this.#entry(name);
    e.ms.push(ms);
    e.ok++;
  }

  refused(name, ms, reason) {
    const e = this.#entry(name);
    e.ms.push(ms);
    e.refused.set(reason, (e.refused.get(reason) ?? 0) + 1);
  }

  error(name, ms, detail) {
    const e = this.#entry(name);
    e.ms.push(ms);
    e.errors++;
    this.errorCount++;
    if (this.errorSamples.length < 20) this.errorSamples.push(`${name}: ${detail}`);
  }

  /** One row per call, busiest first; `seconds` is the length of the phase the calls ran in. */
  rows(seconds) {
    return [...this.calls.entries()]
      .map(([name, e]) => {
        const sorted = Float64Array.from(e.ms).sort();
        const refused = [...e.refused.values()].reduce((a, b) => a + b, 0);
        return {
          call: name,
          count: e.ms.length,
          ok: e.ok,
          refused,
          refusedBy: Object.fromEntries(e.refused),
          errors: e.errors,
          rps: e.ms.length / seconds,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          max: sorted.length ? sorted[sorted.length - 1] : 0,
        };
      })
      .sort((a, b) => b.count - a.count);
  }

  total() {
    let n = 0;
    for (const e of this.calls.values()) n += e.ms.length;
    return n;
  }
}

/** A fixed-width table of `rows` (from CallStats.rows) for the console. */
export function formatTable(rows) {
  const head = ['call', 'count', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors', 'refused (business answers)'];
  const body = rows.map((r) => [
    r.call,
    String(r.count),
    r.rps.toFixed(1),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.max.toFixed(1),
    String(r.errors),
    r.refused
      ? `${r.refused} (${Object.entries(r.refusedBy)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')})`
      : '0',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (i === 7 ? 0 : b[i].length))));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : i === 7 ? c : c.padStart(widths[i]))).join('  ');
  return [line(head), ...body.map(line)].join('\n');
}
