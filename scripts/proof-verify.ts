// `npm run proof:verify -- <file>`: checks a downloaded proof of liabilities offline, with the same code the server
// builds the tree with and the app verifies it with (packages/shared/src/proof.ts). Exit 0: verified; 1: not.
import fs from 'node:fs';
import { formatAmount } from '../packages/shared/src/money.js';
import { type ProofFailure, verifyProof } from '../packages/shared/src/proof.js';

function explain(f: ProofFailure): string {
  switch (f.reason) {
    case 'format':
      return `the file is not a proof of liabilities: field "${f.field}" is missing or malformed`;
    case 'negative_sum':
      return `a sum at level ${f.level} is negative, which a sum tree must never contain`;
    case 'hash_mismatch':
      return f.level === 0
        ? "a leaf's hash does not match its nonce, user hash and amount: the leaf was changed"
        : `the hash at level ${f.level} does not match the nodes below it: the path was changed`;
    case 'sum_mismatch':
      return `the sum at level ${f.level} is not the sum of the two nodes below it`;
    case 'root_mismatch':
      return 'the path does not lead to the root hash the proof names';
    case 'total_mismatch':
      return "the root's sum is not the total the proof names";
    case 'parts_mismatch':
      return "the leaves' amounts do not add up to the amount the proof names";
    case 'duplicate_leaf':
      return 'two leaves stand at the same place of the tree, or belong to different customers: a part would count twice';
  }
}

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run proof:verify -- <proof.json>');
  process.exit(1);
}
let input: unknown;
try {
  input = JSON.parse(fs.readFileSync(file, 'utf8'));
} catch (err) {
  console.error(`NOT VERIFIED: cannot read ${file} as JSON (${(err as Error).message})`);
  process.exit(1);
}
const result = await verifyProof(input);
if (result.ok) {
  console.info(
    `VERIFIED: your balance of ${formatAmount(result.amount)} USDT (${result.parts} parts, each checked) is included in snapshot ${result.snapshot_id} ` +
      `(${result.created_at}) with total ${formatAmount(result.total)} USDT and root hash ${result.root_hash}.\n` +
      'Compare the root hash and total with the ones the platform publishes (proof/roots). This proves your holdings ' +
      'were counted in the published total; it does not prove the platform holds reserves to cover it.',
  );
  process.exit(0);
}
console.error(`NOT VERIFIED: ${explain(result)}.`);
process.exit(1);
