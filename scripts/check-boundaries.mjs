#!/usr/bin/env node
// `npm run check:boundaries`: the boundaries of DESIGN §7 over apps/ and packages/. Import rules are
// dependency-cruiser's (.dependency-cruiser.mjs); what an import graph cannot show (where SQL lives) is checked
// on the text by boundaries/text-rules.mjs. Exits 1 on any error, printing file, import and reason; a warning
// (a listed known exception) is printed and passes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import './boundaries/use-typescript-shim.mjs';
import { textViolations } from './boundaries/text-rules.mjs';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const SCANNED = ['apps', 'packages'];

/**
 * @param {string} tree the tree to check: the repo, or a fixture tree laid out like it
 * @returns {Promise<{ files: number, violations: { rule: string, severity: string, file: string, line?: number,
 *   import?: string, target?: string, cycle?: string[], found?: string, reason: string }[] }>}
 */
export async function checkBoundaries(tree = ROOT) {
  const root = path.resolve(tree);
  // imported here, after the TypeScript stand-in is in place
  const { cruise } = await import('dependency-cruiser');
  const { default: config } = await import(pathToFileURL(path.join(ROOT, '.dependency-cruiser.mjs')).href);
  const dirs = SCANNED.filter((dir) => fs.existsSync(path.join(root, dir)));
  const { output } = await cruise(dirs, {
    ...config.options,
    baseDir: root,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    outputType: 'json',
  });
  const { modules, summary } = JSON.parse(output);
  const reasons = new Map(config.forbidden.map((rule) => [rule.name, rule.comment]));
  const sources = modules.filter((m) => SCANNED.some((dir) => m.source.startsWith(`${dir}/`)));
  // without a TypeScript parser depcruise skips every .ts file and finds nothing wrong
  if (!sources.some((m) => /\.tsx?$/.test(m.source))) throw new Error(`dependency-cruiser parsed no TypeScript in ${root}`);

  const violations = summary.violations.map((v) => ({
    rule: v.rule.name,
    severity: v.rule.severity,
    file: v.from,
    import: modules.find((m) => m.source === v.from)?.dependencies.find((d) => d.resolved === v.to)?.module ?? v.to,
    target: v.to,
    ...(v.cycle ? { cycle: [v.from, ...v.cycle.map((step) => step.name)] } : {}),
    reason: reasons.get(v.rule.name) ?? v.rule.name,
  }));
  const texts = sources.map((m) => ({ file: m.source, text: fs.readFileSync(path.join(root, m.source), 'utf8') }));
  for (const v of textViolations(texts)) violations.push({ ...v, severity: 'error' });
  return { files: sources.length, violations };
}

/** @param {Awaited<ReturnType<typeof checkBoundaries>>['violations'][number]} v */
export function describe(v) {
  const where = v.line ? `${v.file}:${v.line}` : v.file;
  const what = v.found
    ? `has ${v.found}`
    : `imports '${v.import}'${v.import === v.target ? '' : ` (${v.target})`}${v.cycle ? `, a cycle: ${v.cycle.join(' → ')}` : ''}`;
  return `${v.severity} ${v.rule}: ${where} ${what}\n    ${v.reason}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const { files, violations } = await checkBoundaries();
  for (const v of violations) (v.severity === 'error' ? console.error : console.warn)(describe(v));
  const errors = violations.filter((v) => v.severity === 'error').length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (errors) {
    console.error(`boundaries: ${errors} violation(s) of DESIGN §7 in ${files} files`);
    process.exit(1);
  }
  console.info(`boundaries: ${files} files checked in ${seconds} s, no violations`);
}
