import assert from 'node:assert/strict';
import { test } from 'node:test';
import { violations } from './check-boundaries.mjs';

const one = (file, text) => violations([{ file, text }]);

test('a server module may use another module only through its service', () => {
  assert.deepEqual(one('apps/server/src/modules/users/users.service.ts', "import { x } from '../ledger/ledger.service.js';"), []);
  assert.equal(
    one('apps/server/src/modules/users/users.service.ts', "import { x } from '../ledger/ledger.repository.js';").length,
    1,
  );
  assert.equal(one('apps/server/src/modules/users/users.routes.ts', "import { x } from '../audit/audit.routes.js';").length, 1);
});

test('SQL outside repositories and writes to ledger tables outside the ledger are refused', () => {
  assert.equal(one('apps/server/src/modules/users/users.service.ts', "await tx.selectFrom('users')").length, 1);
  assert.deepEqual(one('apps/server/src/modules/users/users.repository.ts', "await tx.selectFrom('users')"), []);
  assert.equal(one('apps/server/src/modules/users/users.repository.ts', "await tx.updateTable('accounts')").length, 1);
  assert.deepEqual(one('apps/server/src/modules/ledger/ledger.repository.ts', "await tx.updateTable('accounts')"), []);
  assert.deepEqual(one('apps/server/src/modules/users/users.test.ts', "await tx.updateTable('accounts')"), []);
});

test('features stay apart, apps stay apart', () => {
  assert.equal(one('apps/web/src/features/auth/login-page.tsx', "import { X } from '../mine/mine-page';").length, 1);
  assert.deepEqual(one('apps/web/src/features/auth/login-page.tsx', "import { api } from '../../lib/api';"), []);
  assert.equal(one('apps/web/src/lib/api.ts', "import { X } from '../features/auth/x';").length, 1);
  assert.equal(one('apps/web/src/app/router.tsx', "const P = lazy(() => import('../../../admin/src/app'));").length, 1);
  assert.equal(one('apps/admin/src/lib/api.ts', "import { x } from '@c2c/server';").length, 1);
  assert.deepEqual(one('apps/web/src/app/router.tsx', "const P = lazy(() => import('../features/auth/login-page'));"), []);
});
