// Import boundaries of DESIGN §7, checked by `npm run check:boundaries` (scripts/check-boundaries.mjs), which
// runs dependency-cruiser over apps/ and packages/ with these rules, then the text rules of
// scripts/boundaries/text-rules.mjs for what an import graph cannot show (where SQL lives).
// Each rule's comment is the reason printed with a violation. Type-only imports count like any other.
// To run depcruise's own CLI on this repo (graphs, other reporters), load the TypeScript stand-in first:
//   node --import ./scripts/boundaries/use-typescript-shim.mjs node_modules/dependency-cruiser/bin/dependency-cruise.mjs \
//     --config .dependency-cruiser.mjs apps packages
const TESTS = '(\\.test\\.tsx?$|/test/)';
const SERVER = '^apps/server/src/';
// The one exception known today, warned about rather than refused: the migrations take the type of their
// second argument (MigrationContext) from the runner db/migrate.ts, which imports them back. Moving that
// type into db/migrations/ removes both; until then it is reported as a warning on every run.

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'imports-resolve',
      comment: 'a relative import that does not resolve cannot be checked (import a .ts file with the .js suffix)',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^\\.' },
    },
    {
      name: 'apps-stay-apart',
      comment: 'an app never imports another app; share through packages/shared',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'shared-imports-no-app',
      comment: 'packages/shared is the contract the apps build on; it never imports an app (nor e2e, bench)',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps/|e2e/|bench/|@c2c/)', pathNot: '^@c2c/shared(/|$)' },
    },
    {
      name: 'app-is-not-a-library',
      comment: '@c2c/server, @c2c/web and @c2c/admin are apps, not libraries: nothing imports them by name',
      severity: 'error',
      from: {},
      to: { path: '^@c2c/(server|web|admin)(/|$)' },
    },
    {
      name: 'app-is-not-a-library',
      comment: '@c2c/server, @c2c/web and @c2c/admin are apps, not libraries: nothing imports them by name',
      severity: 'error',
      from: {},
      to: { path: '^apps/', dependencyTypes: ['aliased-workspace'] },
    },
    {
      name: 'module-uses-only-services',
      comment: "a server module uses another module only through that module's <area>.service.ts",
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: { path: `${SERVER}modules/`, pathNot: `${SERVER}modules/($1/|([^/]+)/\\2\\.service\\.ts$)` },
    },
    {
      name: 'lib-and-db-use-no-module',
      comment: 'lib/ and db/ sit below the modules and never import them (tests excepted)',
      severity: 'error',
      from: { path: `${SERVER}(lib|db)/`, pathNot: TESTS },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'migrations-are-self-contained',
      comment: 'a migration imports no application code outside db/migrations: it must not change when the app does',
      severity: 'error',
      from: { path: `${SERVER}db/migrations/` },
      to: { path: '^(apps|packages)/', pathNot: `${SERVER}db/migrations/` },
    },
    {
      name: 'no-server-cycles',
      comment: 'server code has no circular imports',
      severity: 'error',
      from: { path: SERVER },
      to: { circular: true },
    },
    {
      name: 'features-stay-apart',
      comment: 'a feature never imports another feature; share through components/ or lib/',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/features/([^/]+)/' },
      to: { path: '^apps/$1/src/features/', pathNot: '^apps/$1/src/features/$2/' },
    },
    {
      name: 'shared-ui-uses-no-feature',
      comment: 'lib/ and components/ sit below the features and never import them',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/(lib|components)/' },
      to: { path: '^apps/$1/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|test-results|artifacts)/' },
    // the root manifest's workspaces let depcruise tell an import of a workspace by name (aliased-workspace)
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      mainFields: ['module', 'main', 'types'],
    },
    // Parsing: no tsc parser (TypeScript 7 has no API for it); see scripts/boundaries/typescript-for-depcruise.mjs
    tsPreCompilationDeps: false,
    parser: 'acorn',
  },
};
