// Boundaries an import graph cannot show, checked on the text of files (DESIGN §7). One rule an entry:
// `files` and `except` match repo-relative paths, `pattern` the text; every match is a violation, printed with
// `reason`. Tests (*.test.ts(x), test/) are exempt from every rule.
const TESTS = /(\.test\.tsx?$|\/test\/)/;
const SERVER_CODE = /^apps\/server\/src\/.*\.tsx?$/;

export const TEXT_RULES = [
  {
    name: 'sql-only-in-repositories',
    files: SERVER_CODE,
    except: /\.repository\.ts$|^apps\/server\/src\/db\/|^apps\/server\/src\/scripts\/ledger-check\.ts$/,
    pattern: /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/g,
    reason: 'SQL (Kysely query builders, sql``) lives only in *.repository.ts, db/ and tests',
  },
  {
    name: 'ledger-tables-written-by-ledger-only',
    files: SERVER_CODE,
    except: /^apps\/server\/src\/(modules\/ledger|db\/migrations)\//,
    pattern: /\.(insertInto|updateTable|deleteFrom)\(\s*['"`](accounts|postings|journals)['"`]/g,
    reason: 'only the ledger module writes accounts, postings and journals',
  },
  {
    name: 'services-never-open-transactions',
    files: /^apps\/server\/src\/modules\/.*\.(service|repository|mails)\.ts$/,
    pattern: /\binTransaction\(|\.transaction\(\)|\bctx\.database\b|\bdatabase\.db\b/g,
    reason: 'services and repositories take the transaction as their first argument; routes and jobs open it (inTransaction)',
  },
];

/**
 * @param {{ file: string, text: string }[]} files repo-relative paths (with /) and their text
 * @param {typeof TEXT_RULES} rules
 * @returns {{ rule: string, file: string, line: number, found: string, reason: string }[]}
 */
export function textViolations(files, rules = TEXT_RULES) {
  const out = [];
  for (const { file, text } of files) {
    if (TESTS.test(file)) continue;
    for (const { name, files: scope, except, pattern, reason } of rules) {
      if (!scope.test(file) || except?.test(file)) continue;
      for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))) {
        const line = text.slice(0, match.index).split('\n').length;
        out.push({ rule: name, file, line, found: match[0], reason });
      }
    }
  }
  return out;
}
