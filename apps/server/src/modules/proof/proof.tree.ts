import { createHash, randomBytes } from 'node:crypto';
import { bytesToHex, leafMessage, nodeMessage, paddingMessage, userMessage } from '@c2c/shared';

/**
 * The server's builder of a snapshot's Merkle sum tree. The encodings are the shared ones (packages/shared proof.ts:
 * `leafMessage`, `nodeMessage`, `paddingMessage`, `userMessage`), hashed here with node:crypto into binary; the app and
 * `proof:verify` check the stored paths with the shared Web Crypto code. A tree of a million customers held as hex
 * strings and objects took 1.5 GB of heap; here a level is one Uint8Array of hashes and one array of sums, each level is
 * handed over to be stored as soon as it is built, and only the level being read and the one being written are kept.
 */

const NONCE_BYTES = 32;
const HASH_BYTES = 32;
const sha256 = (message: Uint8Array): Buffer => createHash('sha256').update(message).digest();

/**
 * The order of `n` nonces (32 bytes each in `random`) as their hex strings sort: one native sort of 64-bit keys (a
 * nonce's first bits above, its index in the low bits), then runs whose kept bits are equal ordered by the whole
 * nonce. Comparing the 64-character hex strings themselves is several times slower; here only the native sort runs in
 * one piece: making the keys and reading the order back pause every `pause.every` nonces.
 */
export async function nonceOrder(
  random: Uint8Array,
  n: number,
  pause?: { every: number; pause: () => Promise<unknown> },
): Promise<Uint32Array> {
  const every = pause?.every ?? Number.POSITIVE_INFINITY;
  const indexBits = BigInt(Math.max(1, Math.ceil(Math.log2(Math.max(2, n)))));
  const view = new DataView(random.buffer, random.byteOffset, random.byteLength);
  const keys = new BigUint64Array(n);
  const mask = (1n << indexBits) - 1n;
  for (let i = 0; i < n; i++) {
    keys[i] = (view.getBigUint64(i * NONCE_BYTES) & ~mask) | BigInt(i);
    if ((i + 1) % every === 0) await pause?.pause();
  }
  keys.sort();
  const order = new Uint32Array(n);
  for (let p = 0; p < n; p++) {
    order[p] = Number(keys[p]! & mask);
    if ((p + 1) % every === 0) await pause?.pause();
  }
  const nonce = (i: number) => random.subarray(i * NONCE_BYTES, (i + 1) * NONCE_BYTES);
  for (let p = 0; p < n; ) {
    let q = p + 1;
    while (q < n && keys[q]! >> indexBits === keys[p]! >> indexBits) q++;
    if (q - p > 1)
      order.set(
        Array.from(order.subarray(p, q)).sort((a, b) => Buffer.compare(nonce(a), nonce(b))),
        p,
      );
    p = q;
  }
  return order;
}

/** Uniform random integers below a bound, from node:crypto's random bytes drawn a block at a time. */
export class RandomBelow {
  private block = Buffer.alloc(0);
  private at = 0;

  /** 0 .. n-1 for n >= 1: 128 random bits reduced mod n, a bias below n / 2^128 (amounts stay below 2^64). */
  below(n: bigint): bigint {
    if (this.at + 16 > this.block.length) {
      this.block = randomBytes(64 * 1024);
      this.at = 0;
    }
    const r = (this.block.readBigUInt64BE(this.at) << 64n) | this.block.readBigUInt64BE(this.at + 8);
    this.at += 16;
    return r % n;
  }
}

/**
 * `amount` in `parts` random parts that add up to it exactly: positive when it allows (a uniformly random
 * composition: parts - 1 distinct cuts in 1 .. amount - 1, drawn by Floyd's method), else ones and zeros. Written into
 * `out` from `at`.
 */
export function splitAmount(amount: bigint, parts: number, random: RandomBelow, out: BigUint64Array, at: number): void {
  const n = BigInt(parts);
  if (amount < n) {
    for (let j = 0; j < parts; j++) out[at + j] = BigInt(j) < amount ? 1n : 0n;
    return;
  }
  const cuts: bigint[] = [];
  for (let j = amount - n + 1n; j < amount; j++) {
    const t = 1n + random.below(j);
    cuts.push(cuts.includes(t) ? j : t);
  }
  cuts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let from = 0n;
  for (const [j, cut] of cuts.entries()) {
    out[at + j] = cut - from;
    from = cut;
  }
  out[at + parts - 1] = amount - from;
}

/** Every customer's holdings split into `parts` leaves each (customer i's at i * parts): the owner and amount of each leaf. */
export function splitHoldings(userIds: readonly number[], amounts: readonly bigint[], parts: number) {
  const random = new RandomBelow();
  const owners = new Uint32Array(userIds.length * parts);
  const shares = new BigUint64Array(userIds.length * parts);
  for (let i = 0; i < userIds.length; i++) {
    const amount = amounts[i]!;
    if (amount < 0n || amount >= 1n << 64n) throw new RangeError('holdings outside 0 .. 2^64-1');
    owners.fill(userIds[i]!, i * parts, (i + 1) * parts);
    if (amount > 0n) splitAmount(amount, parts, random, shares, i * parts);
  }
  return { owners, shares };
}

interface LeafRow {
  snapshot_id: number;
  user_id: number;
  idx: number;
  nonce: string;
  amount: bigint;
}
export interface NodeRow {
  snapshot_id: number;
  level: number;
  idx: number;
  hash: string;
  sum: bigint;
}
/** Rows to store in one transaction. */
export interface TreeRows {
  leaves: LeafRow[];
  nodes: NodeRow[];
}

/**
 * Builds the tree of leaves owned by `userIds` holding `amounts` (same order), `rows` at a time: every yield hands over
 * about that many rows of the tree to store (leaves with their level-0 nodes, then each level's nodes, its padding
 * node included), after about `rows` hashes. When the generator is done, `root` is the root.
 */
export class TreeBuilder {
  readonly leafCount: number;
  root: { hash: string; sum: bigint } | undefined;
  /**
   * `random` holds each leaf's 32-byte nonce (leaf i's at i * 32), `order` the leaves in tree order (`nonceOrder` of
   * `random`): a leaf's position follows its random nonce, so it says nothing about the customer's id or sign-up
   * order, and a customer's parts lie scattered.
   */
  constructor(
    private readonly userIds: ArrayLike<number>,
    private readonly amounts: ArrayLike<bigint>,
    private readonly random: Uint8Array,
    private readonly order: Uint32Array,
  ) {
    this.leafCount = userIds.length;
    if (random.length !== this.leafCount * NONCE_BYTES || order.length !== this.leafCount)
      throw new RangeError('one nonce and one place in the order per leaf');
  }

  *rows(snapshotId: number, rows: number): Generator<TreeRows> {
    const n = this.leafCount;
    if (n === 0) {
      const pad = sha256(paddingMessage(0));
      this.root = { hash: bytesToHex(pad), sum: 0n };
      yield { leaves: [], nodes: [{ snapshot_id: snapshotId, level: 0, idx: 0, hash: this.root.hash, sum: 0n }] };
      return;
    }
    // level 0, one extra slot for its padding node
    let hashes = new Uint8Array((n + 1) * HASH_BYTES);
    let sums: bigint[] = new Array(n);
    const perLeaf = Math.max(1, Math.floor(rows / 2));
    for (let from = 0; from < n; from += perLeaf) {
      const batch: TreeRows = { leaves: [], nodes: [] };
      for (let p = from; p < Math.min(n, from + perLeaf); p++) {
        const i = this.order[p]!;
        const nonce = this.random.subarray(i * NONCE_BYTES, (i + 1) * NONCE_BYTES);
        const userId = this.userIds[i]!;
        const amount = this.amounts[i]!;
        const hash = sha256(leafMessage(nonce, sha256(userMessage(userId)), amount));
        hashes.set(hash, p * HASH_BYTES);
        sums[p] = amount;
        batch.leaves.push({ snapshot_id: snapshotId, user_id: userId, idx: p, nonce: bytesToHex(nonce), amount });
        batch.nodes.push({ snapshot_id: snapshotId, level: 0, idx: p, hash: bytesToHex(hash), sum: amount });
      }
      yield batch;
    }
    let size = n;
    for (let level = 0; size > 1; level++) {
      if (size % 2 === 1) {
        // a level of odd size ends with its padding node, so node i's sibling is always node i ^ 1
        const pad = sha256(paddingMessage(level));
        hashes.set(pad, size * HASH_BYTES);
        sums[size] = 0n;
        yield { leaves: [], nodes: [{ snapshot_id: snapshotId, level, idx: size, hash: bytesToHex(pad), sum: 0n }] };
        size++;
      }
      const up = size / 2;
      const upHashes = new Uint8Array((up + 1) * HASH_BYTES);
      const upSums: bigint[] = new Array(up);
      for (let from = 0; from < up; from += rows) {
        const batch: TreeRows = { leaves: [], nodes: [] };
        for (let j = from; j < Math.min(up, from + rows); j++) {
          const [l, r] = [2 * j, 2 * j + 1];
          const hash = sha256(
            nodeMessage(
              hashes.subarray(l * HASH_BYTES, (l + 1) * HASH_BYTES),
              sums[l]!,
              hashes.subarray(r * HASH_BYTES, (r + 1) * HASH_BYTES),
              sums[r]!,
            ),
          );
          const sum = sums[l]! + sums[r]!;
          upHashes.set(hash, j * HASH_BYTES);
          upSums[j] = sum;
          batch.nodes.push({ snapshot_id: snapshotId, level: level + 1, idx: j, hash: bytesToHex(hash), sum });
        }
        yield batch;
      }
      hashes = upHashes;
      sums = upSums;
      size = up;
    }
    this.root = { hash: bytesToHex(hashes.subarray(0, HASH_BYTES)), sum: sums[0]! };
  }
}
