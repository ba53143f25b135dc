import Database from 'better-sqlite3';

export type { Database as DatabaseType, Options, RunResult, Statement } from 'better-sqlite3';
export declare const NAPI_FROM_NODE: number;
export declare const sqlitePackage: 'better-sqlite3' | 'better-sqlite3-napi';
export default Database;
