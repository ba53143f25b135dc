import { describe, expect, it } from 'vitest';
import { rowBuilder } from './sqlite-database.js';

describe("SQLite's rows", () => {
  it('are built with each column read back as its declared type; a column named twice keeps its last value', () => {
    const build = rowBuilder([
      { name: 'id', type: 'INTEGER' },
      { name: 'balance', type: 'BIGINT' },
      { name: 'active', type: 'boolean' },
      { name: 'note', type: 'TEXT' },
      { name: 'n', type: null },
      { name: 'huge', type: null },
      { name: 'off', type: 'BOOLEAN' },
      { name: 'gone', type: 'text' },
      { name: 'twice', type: 'text' },
      { name: 'twice', type: 'integer' },
    ]);
    const row = build([5n, 7n, 1n, 'x', 3n, 2n ** 60n, 0n, null, 'first', 9n]);
    expect(row).toEqual({ id: 5, balance: 7n, active: true, note: 'x', n: 3, huge: 2n ** 60n, off: false, gone: null, twice: 9 });
    expect(Object.keys(row)).toEqual(['id', 'balance', 'active', 'note', 'n', 'huge', 'off', 'gone', 'twice']);
    // every row of one statement is a new object
    expect(build([6n, 0n, null, 'y', 0n, 1n, 1n, 'z', 'a', 1n])).toEqual({
      id: 6,
      balance: 0n,
      active: null,
      note: 'y',
      n: 0,
      huge: 1,
      off: true,
      gone: 'z',
      twice: 1,
    });
    expect(row.id).toBe(5);
  });

  it('take any column name as a property, quotes, backslashes and __proto__ included', () => {
    const odd = ['a"b', 'back\\slash', 'line\nbreak', '__proto__', 'constructor', "it's"];
    const row = rowBuilder(odd.map((name) => ({ name, type: 'TEXT' })))(odd.map((n) => `value of ${n}`));
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    for (const name of odd) expect(Object.getOwnPropertyDescriptor(row, name)?.value).toBe(`value of ${name}`);
  });
});
