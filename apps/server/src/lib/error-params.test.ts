/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { ERROR_TEXTS, type ErrorKey, errorMessage, LANGS } from '@c2c/shared';
import { describe, expect, it } from 'vitest';

/**
 * A message whose placeholders are not all supplied reaches the customer as "at most {max} USDT". Every place that
 * raises a catalogue key with placeholders must name each of them; the raising sites are read from the source.
 */
const placeholdersOf = (key: ErrorKey) => [...ERROR_TEXTS.en[key].matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
const PARAMETRIZED = (Object.keys(ERROR_TEXTS.en) as ErrorKey[]).filter((k) => placeholdersOf(k).length > 0);

const root = path.resolve(import.meta.dirname, '../../../..');
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });
}
const files = [...sources(path.join(root, 'apps/server/src')), path.join(root, 'packages/shared/src/schemas.ts')].map((f) => ({
  name: path.relative(root, f),
  text: fs.readFileSync(f, 'utf8'),
}));

/** The text from `start` to the bracket closing the call or literal opened before it (enough to see its parameters). */
function callAt(text: string, start: number): string {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '{') depth++;
    else if (c === ')' || c === '}') depth--;
    if (depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
}

describe('parametrized error messages', () => {
  it('are raised with every placeholder they show, by the server and by the shared schemas', () => {
    const missing: string[] = [];
    let sites = 0;
    for (const key of PARAMETRIZED) {
      const raises = new RegExp(`(?:DomainError|InvalidField)\\(\\s*'${key}'|message: '${key}'|err\\('${key}'\\)`, 'g');
      for (const f of files)
        for (const m of f.text.matchAll(raises)) {
          sites++;
          const call = callAt(f.text, m.index + m[0].length);
          for (const name of placeholdersOf(key))
            if (!new RegExp(`\\b${name}\\b`).test(call)) missing.push(`${f.name}: ${key} without ${name}`);
        }
    }
    expect(sites).toBeGreaterThan(PARAMETRIZED.length);
    expect(missing).toEqual([]);
  });

  it('leave no placeholder unfilled in any language once their parameters are given', () => {
    for (const key of PARAMETRIZED)
      for (const lang of LANGS) {
        const params = Object.fromEntries(placeholdersOf(key).map((n) => [n, '7']));
        expect(errorMessage(key, lang, params), `${lang}:${key}`).not.toMatch(/[{}]/);
      }
  });
});
