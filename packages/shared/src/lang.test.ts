import { describe, expect, it } from 'vitest';
import { normalizeLang } from './lang.js';

describe('normalizeLang', () => {
  it('maps tags to the five languages and falls back to en', () => {
    const cases: [unknown, string][] = [
      ['en', 'en'],
      ['en-GB', 'en'],
      ['zh-Hans', 'zh-Hans'],
      ['zh-CN', 'zh-Hans'],
      ['zh_cn', 'zh-Hans'],
      ['zh', 'zh-Hans'],
      ['zh-TW', 'zh-Hant'],
      ['zh-HK', 'zh-Hant'],
      ['zh-Hant-TW', 'zh-Hant'],
      ['de-AT', 'de'],
      ['JA', 'ja'],
      ['ja-JP', 'ja'],
      ['fr', 'en'],
      ['', 'en'],
      [undefined, 'en'],
      [['de'], 'en'],
      ['x'.repeat(100), 'en'],
    ];
    for (const [tag, lang] of cases) expect(normalizeLang(tag)).toBe(lang);
  });
});
