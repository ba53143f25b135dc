import { describe, expect, it } from 'vitest';
import { formatAmount, wireToMicro } from './money.js';
import {
  buildLevels,
  bytesToHex,
  hexToBytes,
  type LiabilityProof,
  leafHash,
  paddingNode,
  parentNode,
  pathOf,
  randomNonce,
  type TreeLeaf,
  userHash,
  verifyProof,
} from './proof.js';

const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

async function leavesOf(amounts: bigint[]): Promise<TreeLeaf[]> {
  const out: TreeLeaf[] = [];
  for (const [i, amount] of amounts.entries()) out.push({ nonce: randomNonce(), user_hash: await userHash(i + 1), amount });
  return out;
}

/** Customer i holds the parts `parts[i]`; its leaves lie where their random nonces put them. */
async function partedProofsOf(parts: bigint[][]): Promise<LiabilityProof[]> {
  const leaves: (TreeLeaf & { owner: number })[] = [];
  for (const [i, xs] of parts.entries())
    for (const amount of xs) leaves.push({ nonce: randomNonce(), user_hash: await userHash(i + 1), amount, owner: i });
  leaves.sort((a, b) => (a.nonce < b.nonce ? -1 : 1));
  const levels = await buildLevels(leaves);
  const root = levels.at(-1)![0]!;
  return parts.map((xs, i) => ({
    snapshot_id: 7,
    created_at: '2026-11-23T00:00:00.000Z',
    root_hash: root.hash,
    total: formatAmount(root.sum),
    leaf_count: leaves.length,
    amount: formatAmount(sum(xs)),
    leaves: leaves.flatMap((leaf, at) =>
      leaf.owner === i
        ? [
            {
              nonce: leaf.nonce,
              user_hash: leaf.user_hash,
              amount: formatAmount(leaf.amount),
              hash: levels[0]![at]!.hash,
              path: pathOf(levels, at),
            },
          ]
        : [],
    ),
  }));
}

/** One leaf per customer. */
const proofsOf = (amounts: bigint[]) => partedProofsOf(amounts.map((a) => [a]));

const amounts = (n: number) => Array.from({ length: n }, (_, i) => BigInt(i * 1_250_000 + (i % 3) * 7));

describe('Merkle sum tree', () => {
  it('hashes are fixed: the same input gives the same hash, another input another', async () => {
    const u = await userHash(42);
    expect(u).toMatch(/^[0-9a-f]{64}$/);
    expect(await userHash(42)).toBe(u);
    expect(await userHash(43)).not.toBe(u);
    const n = '00'.repeat(32);
    expect(await leafHash(n, u, 1n)).not.toBe(await leafHash(n, u, 2n));
    expect(await leafHash(n, u, 1n)).not.toBe(await leafHash('01'.repeat(32), u, 1n));
    const a = { hash: u, sum: 5n };
    const b = { hash: await userHash(1), sum: 6n };
    const p = await parentNode(a, b);
    expect(p.sum).toBe(11n);
    expect((await parentNode(b, a)).hash).not.toBe(p.hash);
    // a sum is part of the hash: the same hashes with other sums make another parent
    expect((await parentNode({ ...a, sum: 6n }, { ...b, sum: 5n })).hash).not.toBe(p.hash);
    await expect(parentNode({ ...a, sum: -1n }, b)).rejects.toThrow(RangeError);
  });

  it('hex converts both ways like Buffer, and refuses what is not hex', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const hex = Buffer.from(bytes).toString('hex');
    expect(bytesToHex(bytes)).toBe(hex);
    expect(hexToBytes(hex)).toEqual(bytes);
    expect(hexToBytes(hex.toUpperCase())).toEqual(bytes);
    expect(() => hexToBytes('0g')).toThrow(RangeError);
    expect(() => hexToBytes('abc')).toThrow(RangeError);
    expect(() => hexToBytes('é0')).toThrow(RangeError);
  });

  it('an empty tree is one padding node of sum 0; one leaf is its own root with an empty path', async () => {
    const empty = await buildLevels([]);
    expect(empty).toEqual([[await paddingNode(0)]]);
    const [one] = await proofsOf([5_000_000n]);
    expect(one!.leaves[0]!.path).toEqual([]);
    expect(one!.root_hash).toBe(one!.leaves[0]!.hash);
    expect(await verifyProof(one)).toMatchObject({ ok: true, amount: 5_000_000n, total: 5_000_000n });
  });

  it.each([2, 3, 5, 7, 8, 33])('with %i leaves: the root sums every amount and every path verifies', async (n) => {
    const xs = amounts(n);
    const proofs = await proofsOf(xs);
    const levels = await buildLevels(await leavesOf(xs));
    expect(levels.at(-1)).toHaveLength(1);
    expect(levels.at(-1)![0]!.sum).toBe(sum(xs));
    // odd levels end with the padding node of their level
    for (const [k, level] of levels.slice(0, -1).entries()) {
      expect(level.length % 2).toBe(0);
      if (k === 0 && n % 2 === 1) expect(level.at(-1)).toEqual(await paddingNode(0));
    }
    for (const [i, p] of proofs.entries()) {
      const r = await verifyProof(p);
      expect(r).toMatchObject({ ok: true, amount: xs[i], total: sum(xs), root_hash: p.root_hash });
    }
  });

  it('accepts a whole envelope as well as its data', async () => {
    const [p] = await proofsOf(amounts(4));
    expect(await verifyProof({ code: 200, msg: 'ok', data: p })).toMatchObject({ ok: true });
  });

  describe('tampering breaks verification', async () => {
    const xs = amounts(11);
    const fresh = async () => structuredClone((await proofsOf(xs))[5]!);
    const flip = (hex: string) => (hex[0] === 'a' ? 'b' : 'a') + hex.slice(1);

    it('the leaf amount, nonce or user hash', async () => {
      let p = await fresh();
      p.leaves[0]!.amount = formatAmount(xs[5]! + 1n);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'hash_mismatch', level: 0 });
      p = await fresh();
      p.leaves[0]!.nonce = flip(p.leaves[0]!.nonce);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'hash_mismatch', level: 0 });
      p = await fresh();
      p.leaves[0]!.user_hash = flip(p.leaves[0]!.user_hash);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'hash_mismatch', level: 0 });
    });

    it('a leaf changed with its hash recomputed still fails one level up', async () => {
      const p = await fresh();
      p.leaves[0]!.amount = '0.00';
      p.leaves[0]!.hash = await leafHash(p.leaves[0]!.nonce, p.leaves[0]!.user_hash, 0n);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'sum_mismatch', level: 1 });
    });

    it.each([0, 1, 2, 3])('a sibling hash or sibling sum at level %i', async (k) => {
      let p = await fresh();
      p.leaves[0]!.path[k]!.hash = flip(p.leaves[0]!.path[k]!.hash);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'hash_mismatch', level: k + 1 });
      p = await fresh();
      p.leaves[0]!.path[k]!.sum = formatAmount(1n + wireToMicro(p.leaves[0]!.path[k]!.sum));
      expect(await verifyProof(p)).toMatchObject({ ok: false, reason: 'sum_mismatch', level: k + 1 });
      p = await fresh();
      p.leaves[0]!.path[k]!.side = p.leaves[0]!.path[k]!.side === 'left' ? 'right' : 'left';
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'hash_mismatch', level: k + 1 });
    });

    it('a sibling sum changed together with every parent above it fails at the root', async () => {
      const p = await fresh();
      const extra = 1_000_000n;
      p.leaves[0]!.path[0]!.sum = formatAmount(wireToMicro(p.leaves[0]!.path[0]!.sum) + extra);
      // recompute the parents honestly from the changed sum: only the root the proof names is left to catch it
      let node = { hash: p.leaves[0]!.hash, sum: xs[5]! };
      for (const step of p.leaves[0]!.path) {
        const sib = { hash: step.hash, sum: wireToMicro(step.sum) };
        const up = step.side === 'left' ? await parentNode(sib, node) : await parentNode(node, sib);
        step.parent_hash = up.hash;
        step.parent_sum = formatAmount(up.sum);
        node = up;
      }
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'root_mismatch' });
      p.root_hash = node.hash;
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'total_mismatch' });
    });

    it('a negative sum, a wrong root or total, a malformed field', async () => {
      let p = await fresh();
      p.leaves[0]!.path[1]!.sum = '-1.00';
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'negative_sum', level: 1 });
      p = await fresh();
      p.root_hash = flip(p.root_hash);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'root_mismatch' });
      p = await fresh();
      p.total = formatAmount(sum(xs) + 1n);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'total_mismatch' });
      p = await fresh();
      p.leaves[0]!.path[2]!.sum = '1,5';
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'format', field: 'leaves[0].path[2].sum' });
      expect(await verifyProof(null)).toEqual({ ok: false, reason: 'format', field: 'proof' });
      expect(await verifyProof({ ...(await fresh()), leaves: undefined })).toEqual({
        ok: false,
        reason: 'format',
        field: 'leaves',
      });
      expect(await verifyProof({ ...(await fresh()), leaves: [] })).toEqual({ ok: false, reason: 'format', field: 'leaves' });
    });
  });

  describe('a customer holding several leaves', async () => {
    const parts = [
      [4_000_000n, 1n, 2_500_000n, 7n],
      [3_000_000n, 0n, 9n, 1_000_000n],
      [0n, 0n, 0n, 0n],
      [5n, 6n, 7n, 8n],
    ];
    const fresh = async () => structuredClone((await partedProofsOf(parts))[0]!);

    it('verifies every part to the root and answers their sum', async () => {
      const proofs = await partedProofsOf(parts);
      for (const [i, p] of proofs.entries()) {
        expect(p.leaves).toHaveLength(4);
        expect(await verifyProof(p)).toMatchObject({ ok: true, amount: sum(parts[i]!), parts: 4, total: sum(parts.flat()) });
      }
    });

    it('refuses parts that do not add up to the amount named, or a part left out', async () => {
      const p = await fresh();
      p.amount = formatAmount(sum(parts[0]!) + 1n);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'parts_mismatch' });
      const short = await fresh();
      short.leaves.pop();
      expect(await verifyProof(short)).toEqual({ ok: false, reason: 'parts_mismatch' });
    });

    it("refuses one part shown twice in place of another, and another customer's part", async () => {
      // the amount named is what the two shown parts add up to: only the place in the tree tells them apart
      const twice = await fresh();
      twice.leaves = [twice.leaves[0]!, structuredClone(twice.leaves[0]!)];
      twice.amount = formatAmount(2n * wireToMicro(twice.leaves[0]!.amount));
      expect(await verifyProof(twice)).toEqual({ ok: false, reason: 'duplicate_leaf' });
      const [mine, theirs] = await partedProofsOf(parts);
      const mixed = { ...mine!, leaves: [...mine!.leaves.slice(1), theirs!.leaves[0]!] };
      mixed.amount = formatAmount(mixed.leaves.reduce((a, l) => a + wireToMicro(l.amount), 0n));
      expect(await verifyProof(mixed)).toEqual({ ok: false, reason: 'duplicate_leaf' });
    });

    it('fails at the part that was changed, whichever it is', async () => {
      for (const i of [0, 1, 2, 3]) {
        const p = await fresh();
        p.leaves[i]!.path[0]!.sum = formatAmount(wireToMicro(p.leaves[i]!.path[0]!.sum) + 1n);
        expect(await verifyProof(p)).toEqual({ ok: false, reason: 'sum_mismatch', level: 1 });
      }
    });
  });
});
