// dependency-cruiser parses TypeScript through the `typescript` package's classic JavaScript API, which
// TypeScript 7 (the compiler this repo pins) no longer has: left alone, depcruise skips every .ts file and
// reports a clean tree. This stands in for `typescript` inside dependency-cruiser only (see
// use-typescript-shim.mjs) and provides the one call its acorn parser needs, transpileModule, with esbuild.
import { transformSync } from 'esbuild';

export const version = '5.9.3'; // a version depcruise accepts; only transpileModule below exists
export const SyntaxKind = {}; // read when depcruise loads its tsc parser, which is never used here

// esbuild drops type-only imports, yet they cross boundaries too (a migration must not depend on app types):
// each `import type … from 'x'` / `export type … from 'x'` becomes `import 'x'`, and so does each
// `typeof import('x')`. Other imports in type positions (`import('x').T`) are not seen.
const TYPE_ONLY =
  /\b(?:import\s+type\s+(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s+[\w$]+|\{[^}]*\})?|export\s+type\s+(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\}))\s*from\s*(['"])([^'"]+)\1\s*;?/g;
const TYPE_QUERY = /\btypeof\s+import\(\s*(['"])([^'"]+)\1\s*\)/g;

export function transpileModule(source, { compilerOptions = {} } = {}) {
  const typeQueries = [...source.matchAll(TYPE_QUERY)].map(([, quote, specifier]) => `import ${quote}${specifier}${quote};`);
  const typeOnly = `${source.replace(TYPE_ONLY, 'import $1$2$1;')}\n${typeQueries.join('\n')}`;
  const { code } = transformSync(typeOnly, {
    loader: compilerOptions.jsx ? 'tsx' : 'ts',
    jsx: 'automatic',
    target: 'es2020', // what depcruise's acorn parses; it falls back to acorn-loose for top-level await
    supported: { 'top-level-await': true },
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
  });
  return { outputText: code };
}
