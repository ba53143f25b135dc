import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import config from '../.dependency-cruiser.mjs';
import { TEXT_RULES, textViolations } from './boundaries/text-rules.mjs';
import { checkBoundaries } from './check-boundaries.mjs';

const FIXTURE = fileURLToPath(new URL('fixtures/boundaries', import.meta.url));
const SERVER = 'apps/server/src';
let fixtureRun;
const fixture = () => {
  fixtureRun ??= checkBoundaries(FIXTURE);
  return fixtureRun;
};
const line = (v) => `${v.severity} ${v.rule}: ${v.file}${v.line ? `:${v.line}` : ''} ${v.found ?? v.import}`;

// Everything the fixture tree breaks, and nothing else: the allowed imports beside them (a module's own files,
// another module's service, lib/ and components/ from a feature, a module from a test, SQL in a repository or
// db/, a ledger write in the ledger) must not be reported.
const EXPECTED = [
  'error imports-resolve: apps/server/src/modules/users/users.service.ts ../ledger/nothing-here.js',
  'error apps-stay-apart: apps/web/src/app/router.tsx ../../../admin/src/app/main.js',
  'error shared-imports-no-app: packages/shared/src/index.ts ../../../apps/server/src/db/schema.js',
  'error app-is-not-a-library: apps/admin/src/lib/api.ts @c2c/server',
  `error module-uses-only-services: ${SERVER}/modules/users/users.service.ts ../ledger/ledger.repository.js`,
  `error module-uses-only-services: ${SERVER}/modules/users/users.service.ts ../audit/audit.mails.js`,
  `error lib-and-db-use-no-module: ${SERVER}/lib/clock.ts ../modules/users/users.service.js`,
  `error lib-and-db-use-no-module: ${SERVER}/db/queries.ts ../modules/users/users.service.js`,
  `error migrations-are-self-contained: ${SERVER}/db/migrations/002-second.ts ../schema.js`,
  `error migrations-are-self-contained: ${SERVER}/db/migrations/002-second.ts ../../../../../packages/shared/src/index.js`,
  `error migrations-are-self-contained: ${SERVER}/db/migrations/001-first.ts ../migrate.js`,
  `error no-server-cycles: ${SERVER}/modules/orders/orders.service.ts ../payouts/payouts.service.js`,
  `error no-server-cycles: ${SERVER}/db/migrate.ts ./migrations/001-first.js`,
  'error features-stay-apart: apps/web/src/features/auth/login-page.tsx ../mine/mine-page.js',
  'error features-stay-apart: apps/admin/src/features/audit/audit-page.tsx ../settings/settings-page.js',
  'error shared-ui-uses-no-feature: apps/web/src/lib/api.ts ../features/auth/login-page.js',
  `error sql-only-in-repositories: ${SERVER}/modules/users/users.service.ts:7 .selectFrom(`,
  `error ledger-tables-written-by-ledger-only: ${SERVER}/modules/users/users.repository.ts:3 .updateTable('accounts'`,
  `error services-never-open-transactions: ${SERVER}/modules/orders/orders.service.ts:5 inTransaction(`,
];

test('each boundary rule reports its violation in the fixture tree, and nothing else is reported', async () => {
  const { violations } = await fixture();
  assert.deepEqual(violations.map(line).sort(), [...EXPECTED].sort());
});

test('every rule has a violation in the fixture tree', () => {
  const names = new Set(EXPECTED.map((e) => e.match(/^\w+ (.+?): /)[1]));
  // the aliased-workspace form of app-is-not-a-library needs a workspace symlink; the bare name is tested
  for (const { name } of [...config.forbidden, ...TEXT_RULES]) assert.ok(names.has(name), `no fixture breaks ${name}`);
});

test('relative imports written with .js resolve to the .ts files, and type-only imports count', async () => {
  const { violations } = await fixture();
  const toRepository = violations.find((v) => v.import === '../ledger/ledger.repository.js');
  assert.equal(toRepository?.target, `${SERVER}/modules/ledger/ledger.repository.ts`);
  const typeOnly = violations.find((v) => v.import === '../audit/audit.mails.js');
  assert.equal(typeOnly?.rule, 'module-uses-only-services');
});

test('the reasons are printed with the violations', async () => {
  const { violations } = await fixture();
  assert.ok(violations.every((v) => v.reason && v.reason !== v.rule));
});

test('a text rule is one entry, and tests are exempt from it', () => {
  const rules = [...TEXT_RULES, { name: 'no-todo', files: /\.service\.ts$/, pattern: /TODO/, reason: 'finish it' }];
  const file = `${SERVER}/modules/users/users.service.ts`;
  const found = textViolations([{ file, text: 'const a = 1;\n// TODO later' }], rules);
  assert.deepEqual(found.map(line), [`undefined no-todo: ${file}:2 TODO`]);
  assert.deepEqual(textViolations([{ file: file.replace('.ts', '.test.ts'), text: 'db.transaction()' }], rules), []);
});

test('the real tree has no violations', async () => {
  const { files, violations } = await checkBoundaries();
  assert.ok(files > 100, `only ${files} files cruised: are .ts files parsed at all?`);
  assert.deepEqual(violations.map(line), []);
});
