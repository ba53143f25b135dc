// `npm run proof:verify -- <file>` verifies a downloaded proof offline: a good file exits 0 and says so in plain words;
// a file with a changed sibling sum, leaf amount, amount or root, or a part shown twice, exits 1 and names the check
// that failed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '..');
const GOOD = path.join(ROOT, 'scripts/fixtures/proof/good.json');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

function verify(file) {
  const r = spawnSync(TSX, [path.join(ROOT, 'scripts/proof-verify.ts'), file], { encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}
function tampered(change) {
  const proof = JSON.parse(fs.readFileSync(GOOD, 'utf8'));
  change(proof.data);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-proof-')), 'proof.json');
  fs.writeFileSync(file, JSON.stringify(proof));
  return file;
}

test('a good proof verifies: exit 0 and the balance, snapshot and total in words', () => {
  const r = verify(GOOD);
  assert.equal(r.status, 0, r.out);
  assert.match(
    r.out,
    /VERIFIED: your balance of 250\.75 USDT \(4 parts, each checked\) is included in snapshot 3 .* with total 365\.250001 USDT/,
  );
  assert.match(r.out, /does not prove the platform holds reserves/);
});

test('a changed sibling sum, leaf amount or root hash fails: exit 1, naming the check', () => {
  const cases = [
    [(p) => (p.leaves[0].path[1].sum = '1000.00'), /the sum at level 2 is not the sum/],
    [(p) => (p.leaves[3].amount = '250.76'), /a leaf's hash does not match/],
    [
      (p) => (p.leaves[1].path[0].hash = p.leaves[1].path[0].hash.replace(/^./, (c) => (c === '0' ? '1' : '0'))),
      /hash at level 1/,
    ],
    [(p) => (p.root_hash = '0'.repeat(64)), /does not lead to the root hash/],
    [(p) => (p.total = '1.00'), /root's sum is not the total/],
    [(p) => (p.leaves[2].path[0].sum = '-1.00'), /negative/],
    [(p) => (p.amount = '250.76'), /do not add up to the amount/],
    [(p) => p.leaves.pop(), /do not add up to the amount/],
    [
      (p) => {
        p.leaves[1] = p.leaves[0];
      },
      /same place of the tree/,
    ],
    [(p) => delete p.leaves, /field "leaves" is missing/],
  ];
  for (const [change, message] of cases) {
    const r = verify(tampered(change));
    assert.equal(r.status, 1, r.out);
    assert.match(r.out, /NOT VERIFIED/);
    assert.match(r.out, message);
  }
});

test('a missing or unreadable file fails with exit 1', () => {
  assert.equal(verify(path.join(os.tmpdir(), 'no-such-proof.json')).status, 1);
});
