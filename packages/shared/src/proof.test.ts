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

async function leavesOf(amounts: bigint[]): Promise<TreeLeaf[]> {
  const out: TreeLeaf[] = [];
  for (const [i, amount] of amounts.entries()) out.push({ nonce: randomNonce(), user_hash: await userHash(i + 1), amount });
  return out;
}

async function proofsOf(amounts: bigint[]): Promise<LiabilityProof[]> {
  const leaves = await leavesOf(amounts);
  const levels = await buildLevels(leaves);
  const root = levels.at(-1)![0]!;
  return leaves.map((leaf, i) => ({
    snapshot_id: 7,
    created_at: '2026-11-23T00:00:00.000Z',
    root_hash: root.hash,
    total: formatAmount(root.sum),
    leaf_count: leaves.length,
    leaf: { nonce: leaf.nonce, user_hash: leaf.user_hash, amount: formatAmount(leaf.amount), hash: levels[0]![i]!.hash },
    path: pathOf(levels, i),
  }));
}

const amounts = (n: number) => Array.from({ length: n }, (_, i) => BigInt(i * 1_250_000 + (i % 3) * 7));
const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

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
    expect(one!.path).toEqual([]);
    expect(one!.root_hash).toBe(one!.leaf.hash);
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
      p.leaf.amount = formatAmount(xs[5]! + 1n);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'hash_mismatch', level: 0 });
      p = await fresh();
      p.leaf.nonce = flip(p.leaf.nonce);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'hash_mismatch', level: 0 });
      p = await fresh();
      p.leaf.user_hash = flip(p.leaf.user_hash);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'hash_mismatch', level: 0 });
    });

    it('a leaf changed with its hash recomputed still fails one level up', async () => {
      const p = await fresh();
      p.leaf.amount = '0.00';
      p.leaf.hash = await leafHash(p.leaf.nonce, p.leaf.user_hash, 0n);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'sum_mismatch', level: 1 });
    });

    it.each([0, 1, 2, 3])('a sibling hash or sibling sum at level %i', async (k) => {
      let p = await fresh();
      p.path[k]!.hash = flip(p.path[k]!.hash);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'hash_mismatch', level: k + 1 });
      p = await fresh();
      p.path[k]!.sum = formatAmount(1n + wireToMicro(p.path[k]!.sum));
      expect(await verifyProof(p)).toMatchObject({ ok: false, reason: 'sum_mismatch', level: k + 1 });
      p = await fresh();
      p.path[k]!.side = p.path[k]!.side === 'left' ? 'right' : 'left';
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'hash_mismatch', level: k + 1 });
    });

    it('a sibling sum changed together with every parent above it fails at the root', async () => {
      const p = await fresh();
      const extra = 1_000_000n;
      p.path[0]!.sum = formatAmount(wireToMicro(p.path[0]!.sum) + extra);
      // recompute the parents honestly from the changed sum: only the root the proof names is left to catch it
      let node = { hash: p.leaf.hash, sum: xs[5]! };
      for (const step of p.path) {
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
      p.path[1]!.sum = '-1.00';
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'negative_sum', level: 1 });
      p = await fresh();
      p.root_hash = flip(p.root_hash);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'root_mismatch' });
      p = await fresh();
      p.total = formatAmount(sum(xs) + 1n);
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'total_mismatch' });
      p = await fresh();
      p.path[2]!.sum = '1,5';
      expect(await verifyProof(p)).toEqual({ ok: false, reason: 'format', field: 'path[2].sum' });
      expect(await verifyProof(null)).toEqual({ ok: false, reason: 'format', field: 'proof' });
      expect(await verifyProof({ ...(await fresh()), leaf: undefined })).toEqual({ ok: false, reason: 'format', field: 'leaf' });
    });
  });
});
