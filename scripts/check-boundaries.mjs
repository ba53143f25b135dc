#!/usr/bin/env node
// Fails when code crosses the boundaries of DESIGN §7:
// - server: a module uses another module only through its *.service.ts; lib/ and db/ never import modules;
//   SQL (query builders or sql``) lives only in *.repository.ts, db/ and tests; only the ledger module writes accounts;
// - web: a feature never imports another feature; lib/, components/ never import features/;
// - apps never import each other; shared imports no app.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const IMPORT =
  /(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/;
const ACCOUNT_WRITE = /(insertInto|updateTable|deleteFrom)\(\s*['"](accounts|postings|journals)['"]/;

const isTest = (f) => /\.test\.tsx?$/.test(f) || f.includes('/test/') || f.startsWith('e2e/');

/** @param {{ file: string, text: string }[]} files repo-relative paths with their text */
export function violations(files) {
  const out = [];
  for (const { file, text } of files) {
    const imports = [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
    for (const spec of imports) {
      const target = spec.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)) : spec;
      const say = (why) => out.push(`${file}: imports '${spec}' — ${why}`);
      const app = file.match(/^apps\/(\w+)\//)?.[1];
      const targetApp = target.match(/^apps\/(\w+)\//)?.[1];
      if (app && targetApp && app !== targetApp)
        say(`apps/${app} may not import apps/${targetApp}; share through packages/shared`);
      if (file.startsWith('packages/shared/') && (targetApp || (target.startsWith('@c2c/') && target !== '@c2c/shared')))
        say('packages/shared may not import an app');
      if (/^@c2c\/(server|web|admin)/.test(target)) say('apps are not libraries');

      const mod = file.match(/^apps\/server\/src\/modules\/([\w-]+)\//)?.[1];
      const targetMod = target.match(/^apps\/server\/src\/modules\/([\w-]+)\/(.+)$/);
      if (targetMod && mod && targetMod[1] !== mod && !/\.service(\.js|\.ts)?$/.test(targetMod[2])) {
        say(`module ${mod} may use module ${targetMod[1]} only through its service`);
      }
      if (targetMod && /^apps\/server\/src\/(lib|db)\//.test(file) && !isTest(file))
        say('lib/ and db/ may not depend on modules');

      const feature = file.match(/^apps\/(web|admin)\/src\/features\/([\w-]+)\//)?.[2];
      const targetFeature = target.match(/^apps\/(web|admin)\/src\/features\/([\w-]+)\//)?.[2];
      if (feature && targetFeature && feature !== targetFeature)
        say(`feature ${feature} may not import feature ${targetFeature}`);
      if (targetFeature && /^apps\/(web|admin)\/src\/(lib|components)\//.test(file))
        say('lib/ and components/ may not depend on features');
    }
    if (/^apps\/server\/src\//.test(file) && !isTest(file)) {
      const sqlAllowed =
        /\.repository\.ts$/.test(file) || file.startsWith('apps/server/src/db/') || file.endsWith('/scripts/ledger-check.ts');
      if (!sqlAllowed && SQL.test(text)) out.push(`${file}: has SQL; only *.repository.ts and db/ may`);
      const ledgerAllowed =
        file.startsWith('apps/server/src/modules/ledger/') || file.startsWith('apps/server/src/db/migrations/');
      if (ACCOUNT_WRITE.test(text) && !ledgerAllowed) out.push(`${file}: writes ledger tables; only the ledger module may`);
    }
  }
  return out;
}

function walk(dir, root, acc) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'data', '.git', 'test-results', 'artifacts'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, root, acc);
    else if (SOURCE.test(entry.name))
      acc.push({ file: path.relative(root, full).split(path.sep).join('/'), text: fs.readFileSync(full, 'utf8') });
  }
  return acc;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = ['apps', 'packages'].flatMap((d) =>
    fs.existsSync(path.join(root, d)) ? walk(path.join(root, d), root, []) : [],
  );
  const found = violations(files);
  if (found.length) {
    console.error(`Boundary violations (DESIGN §7):\n${found.map((v) => `  - ${v}`).join('\n')}`);
    process.exit(1);
  }
  console.info(`boundaries: ${files.length} files checked, no violations`);
}
