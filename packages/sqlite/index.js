// better-sqlite3 for the Node.js that runs this process.
//
// - Node 20: better-sqlite3 12, built from source at install. 13 is not an option there: it crashes on Node 20.
// - Node 22 and later: better-sqlite3 13 (installed under the alias `better-sqlite3-napi`), which is built on Node-API
//   and ships its binaries in the package. 12 is not an option there: from Node 24.19 on, its statements (subclasses
//   of node::ObjectWrap) abort the process (`Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook)
//   when the garbage collector finalizes one outside a JavaScript context — it took down our server suite's second
//   node on Node 24.21 within seconds.
// Both have the same API, so everything else imports this module and never names a version.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The Node.js major version from which better-sqlite3 13 is used. */
export const NAPI_FROM_NODE = 22;

const major = Number(process.versions.node.split('.')[0]);

/** `'better-sqlite3'` (12) or `'better-sqlite3-napi'` (13), for messages and tests */
export const sqlitePackage = major >= NAPI_FROM_NODE ? 'better-sqlite3-napi' : 'better-sqlite3';

const Database = require(sqlitePackage);

export default Database;
