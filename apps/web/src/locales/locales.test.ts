import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { JOURNAL_KINDS, LANGS } from '@c2c/shared';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const src = join(here, '..');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const read = (file: string) => flatten(JSON.parse(readFileSync(join(here, file), 'utf8')) as Tree);
/** A language's texts: the first pages' file and the other pages' texts (`pages/<lang>.json`, loaded with those pages). */
const load = (lang: string) => new Map([...read(`${lang}.json`), ...read(`pages/${lang}.json`)]);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const en = load('en');
/** the suffix of a plural form, in the forms every language keeps (the same text twice where it has no plural) */
const PLURAL = /_(one|other)$/;
/** Keys the source names through the shared journal-kind registry rather than as literals. */
const journalKindKeys = Object.values(JOURNAL_KINDS).map((k) => `assetLog.kind.${k.label}`);

describe('locale files', () => {
  it.each(LANGS.filter((l) => l !== 'en'))('%s has exactly the keys of en, each translated with the same placeholders', (lang) => {
    const other = load(lang);
    expect(
      [...en.keys()].filter((k) => !other.has(k)),
      `missing in ${lang}`,
    ).toEqual([]);
    expect(
      [...other.keys()].filter((k) => !en.has(k)),
      `unknown in ${lang}`,
    ).toEqual([]);
    for (const [key, text] of other) {
      expect(text.trim(), `${lang}:${key} is empty`).not.toBe('');
      expect(placeholders(text), `${lang}:${key} placeholders`).toEqual(placeholders(en.get(key) ?? ''));
    }
  });

  it.each(LANGS)('%s keeps the texts of the other pages apart from those of the first pages (no key in both files)', (lang) => {
    const first = read(`${lang}.json`);
    expect([...read(`pages/${lang}.json`).keys()].filter((k) => first.has(k))).toEqual([]);
  });

  it('uses every key of en.json somewhere in src (keys are written as literals)', () => {
    const code = sourceFiles(src)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    // a plural form (`_one`, `_other`: i18next picks it by `count`) is used where its key without the suffix is
    const unused = [...en.keys()].filter((key) => !code.includes(`'${key.replace(PLURAL, '')}'`) && !journalKindKeys.includes(key));
    expect(unused).toEqual([]);
  });

  it('has a value for every key the source asks for', () => {
    const code = sourceFiles(src)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const asked = new Set([...code.matchAll(/\bt\('([\w.]+)'/g)].map((m) => m[1] as string));
    expect([...asked].filter((key) => !en.has(key) && !en.has(`${key}_other`))).toEqual([]);
  });

  it('keeps every plural in both forms, one and other', () => {
    const bases = new Set([...en.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
    for (const base of bases) expect([en.has(`${base}_one`), en.has(`${base}_other`)], base).toEqual([true, true]);
  });

  it('names every journal kind of the shared registry', () => {
    expect(journalKindKeys.filter((key) => !en.has(key))).toEqual([]);
  });
});

/** Mainland terms with a different Taiwan usage (電子郵件, 取得, 提領, 儲值, 聯絡, 撥款, ...): zh-Hant is written for Taiwan. */
const MAINLAND_TERMS = ['郵箱', '獲取', '提現', '充值', '聯繫', '打款', '信息', '用戶', '默認', '視頻', '軟件', '點擊', '幣種', '暫無'];

describe('Traditional Chinese', () => {
  it('uses Taiwan wording in the app texts and the error texts', async () => {
    const { loadErrorTexts } = await import('@c2c/shared');
    const texts = [...load('zh-Hant').values(), ...Object.values(await loadErrorTexts('zh-Hant'))];
    for (const term of MAINLAND_TERMS)
      expect(
        texts.filter((t) => t.includes(term)),
        term,
      ).toEqual([]);
  });
});

describe('German', () => {
  it('uses no soft hyphen: a narrow column would show the break as a visible hyphen in the middle of a word', () => {
    const de = load('de');
    expect([...de].filter(([, text]) => text.includes('\u00ad')).map(([key]) => key)).toEqual([]);
  });
});

describe('Japanese', () => {
  it('calls a merchant by one word in the app texts and the error texts', async () => {
    const { loadErrorTexts } = await import('@c2c/shared');
    const texts = [...load('ja').values(), ...Object.values(await loadErrorTexts('ja'))];
    expect(texts.filter((t) => t.includes('業者')).length).toBeGreaterThan(0);
    for (const other of ['加盟店', 'マーチャント', '商人'])
      expect(
        texts.filter((t) => t.includes(other)),
        other,
      ).toEqual([]);
  });
});

describe('English', () => {
  it('starts every sentence with a capital letter', () => {
    const lower = [...load('en')].filter(([key, text]) => /^[a-z]/.test(text) && key !== 'binding.ibanPlaceholder');
    expect(lower).toEqual([]);
  });
});
