import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import Database, { NAPI_FROM_NODE, sqlitePackage } from './index.js';

const require = createRequire(import.meta.url);
const major = Number(process.versions.node.split('.')[0]);

test('picks better-sqlite3 12 on Node 20 and 13 from Node 22 on', () => {
  const version = require(`${sqlitePackage}/package.json`).version;
  assert.equal(version.split('.')[0], major >= NAPI_FROM_NODE ? '13' : '12');
  assert.equal(sqlitePackage, major >= NAPI_FROM_NODE ? 'better-sqlite3-napi' : 'better-sqlite3');
});

test('survives the garbage collection of many statements (Node 24.19+ aborted here with better-sqlite3 12)', async () => {
  const db = new Database(':memory:');
  db.exec('create table t (id integer primary key, v text)');
  // fresh statements every time, as Kysely's stock driver prepares them, dropped between awaits and idle turns so
  // that the collector finalizes them outside JavaScript — where 12 on Node 24.19+ aborts the process
  for (let round = 0; round < 50; round++) {
    for (let i = 0; i < 400; i++) {
      db.prepare(`insert into t (v) values ('${i % 97}')`).run();
      await null;
    }
    await new Promise((resolve) => setImmediate(resolve));
    new Array(20_000).fill(0).map((_, j) => ({ j }));
  }
  assert.equal(db.prepare('select count(*) as n from t').get().n, 20_000);
  db.close();
});
