import { formatAmount, wireToMicro } from './money.js';

/**
 * Proof of liabilities: a Merkle sum tree over every customer's holdings, after the idea of
 * okx/proof-of-reserves. This file is the one place its bytes are encoded (`…Message`): the server builds a tree on
 * them with node:crypto (apps/server/src/modules/proof/proof.tree.ts, tested equal to `buildLevels` here), the app and
 * `npm run proof:verify` check a proof with this code; its SHA-256 is `globalThis.crypto.subtle` (Web Crypto), which
 * Node 20+ and browsers both have. What a proof reveals and what not: docs/proof-of-liabilities.md.
 *
 * - Each customer's holdings are split into a few leaves (parts) of random amounts that add up exactly to them, so a
 *   path's sibling leaf is a random part of someone's holdings, never their whole amount.
 * - user hash = H("c2c-pol-user-v1" 0x00 | user id in decimal ASCII): the customer can recompute it, nobody can
 *   read an id back out of a leaf because the leaf mixes in the nonce.
 * - leaf = H("c2c-pol-leaf-v1" 0x00 | nonce (32 bytes) | user hash (32) | amount (16 bytes, big-endian)). The nonce is
 *   random per leaf per snapshot, so a leaf hash says nothing about whose it is or how much it holds.
 * - node = H("c2c-pol-node-v1" 0x00 | left hash | left sum | right hash | right sum), sum = left + right. Sums are
 *   unsigned 128-bit integers of micro-USDT: a negative amount cannot be encoded, so no leaf can hide another.
 * - A level with an odd number of nodes is completed with one padding node of sum 0 and hash
 *   H("c2c-pol-pad-v1" 0x00 | level as one byte); the root is the single node of the top level (one leaf: the leaf).
 * - Leaves are ordered by their nonce (random), not by user id, so a leaf's position says nothing about who it is and
 *   a customer's parts lie scattered.
 *
 * Amounts on the wire are decimal strings of USDT like every money field; the code works in bigint micro-USDT only.
 */

const SUM_BYTES = 16;
const NONCE_BYTES = 32;
const HASH_HEX = /^[0-9a-f]{64}$/;
const MAX_SUM = (1n << BigInt(SUM_BYTES * 8)) - 1n;
const TAG = {
  user: 'c2c-pol-user-v1',
  leaf: 'c2c-pol-leaf-v1',
  node: 'c2c-pol-node-v1',
  pad: 'c2c-pol-pad-v1',
} as const;

interface Digest {
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
}
const subtle = (): Digest => (globalThis as unknown as { crypto: { subtle: Digest } }).crypto.subtle;

/** ASCII text as bytes (tags and decimal ids are ASCII). */
function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0x7f;
  return out;
}
const tagged = (tag: string) => {
  const t = ascii(tag);
  const out = new Uint8Array(t.length + 1);
  out.set(t);
  return out;
};

// lookup tables: a snapshot converts millions of hashes, and parseInt/toString per byte were most of its time
const HEX_PAIRS = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
const HEX_VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX_VALUES['0123456789abcdef'.charCodeAt(i)] = i;
  HEX_VALUES['0123456789ABCDEF'.charCodeAt(i)] = i;
}
const hexDigit = (hex: string, at: number) => {
  const v = HEX_VALUES[hex.charCodeAt(at)] ?? -1;
  if (v < 0) throw new RangeError(`not a hex digit at ${at}`);
  return v;
};

export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0) throw new RangeError('hex of odd length');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = (hexDigit(hex, i * 2) << 4) | hexDigit(hex, i * 2 + 1);
  return out;
}
export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX_PAIRS[bytes[i]!];
  return s;
}
/** A sum as 16 bytes big-endian; throws outside 0 .. 2^128-1. */
function sumBytes(sum: bigint): Uint8Array {
  if (sum < 0n || sum > MAX_SUM) throw new RangeError('sum outside 0 .. 2^128-1');
  const out = new Uint8Array(SUM_BYTES);
  let v = sum;
  for (let i = SUM_BYTES - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/** The SHA-256 primitive, as lowercase hex; Web Crypto by default. Only the primitive is a parameter: every encoding stays here. */
export type Sha256 = (data: Uint8Array) => string | Promise<string>;
export const webSha256: Sha256 = async (data) => bytesToHex(new Uint8Array(await subtle().digest('SHA-256', data)));

function concat(...parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

/*
 * The bytes each hash is taken of: the one place the encodings are written. The functions below hash them with a
 * `Sha256` (hex); the server's builder hashes the same bytes with node:crypto into binary, to keep a million-leaf tree
 * in typed arrays instead of millions of hex strings.
 */
const USER_TAG = tagged(TAG.user);
const LEAF_TAG = tagged(TAG.leaf);
const NODE_TAG = tagged(TAG.node);
const PAD_TAG = tagged(TAG.pad);
export const userMessage = (userId: number | string) => concat(USER_TAG, ascii(String(userId)));
/** `nonce` 32 bytes, `uHash` the user hash's 32 bytes; throws (RangeError) for an amount outside 0 .. 2^128-1 */
export const leafMessage = (nonce: Uint8Array, uHash: Uint8Array, amount: bigint) =>
  concat(LEAF_TAG, nonce, uHash, sumBytes(amount));
/** throws (RangeError) for a sum outside 0 .. 2^128-1 */
export const nodeMessage = (leftHash: Uint8Array, leftSum: bigint, rightHash: Uint8Array, rightSum: bigint) =>
  concat(NODE_TAG, leftHash, sumBytes(leftSum), rightHash, sumBytes(rightSum));
export const paddingMessage = (level: number) => concat(PAD_TAG, Uint8Array.of(level & 0xff));

export const userHash = async (userId: number | string, h: Sha256 = webSha256) => h(userMessage(userId));

export async function leafHash(nonce: string, uHash: string, amount: bigint, h: Sha256 = webSha256): Promise<string> {
  return h(leafMessage(hexToBytes(nonce), hexToBytes(uHash), amount));
}

export interface SumNode {
  hash: string;
  sum: bigint;
}

export async function parentNode(left: SumNode, right: SumNode, h: Sha256 = webSha256): Promise<SumNode> {
  const sum = left.sum + right.sum;
  const hash = await h(nodeMessage(hexToBytes(left.hash), left.sum, hexToBytes(right.hash), right.sum));
  return { hash, sum };
}

/** The zero-sum node that completes a level of odd size. */
export async function paddingNode(level: number, h: Sha256 = webSha256): Promise<SumNode> {
  return { hash: await h(paddingMessage(level)), sum: 0n };
}

export interface TreeLeaf {
  /** 64 hex characters (32 random bytes) */
  nonce: string;
  /** userHash of the customer */
  user_hash: string;
  amount: bigint;
}

/**
 * Every level of the tree, leaves (level 0) first, the root's level last (one node). A level of odd size (but not the
 * root's) ends with its padding node, so node i's sibling is always node i ^ 1. No leaves: the root is level 0's
 * padding node, of sum 0.
 */
export async function buildLevels(leaves: readonly TreeLeaf[], h: Sha256 = webSha256): Promise<SumNode[][]> {
  let level: SumNode[] = [];
  for (const l of leaves) level.push({ hash: await leafHash(l.nonce, l.user_hash, l.amount, h), sum: l.amount });
  if (level.length === 0) return [[await paddingNode(0, h)]];
  const levels: SumNode[][] = [level];
  for (let k = 0; level.length > 1; k++) {
    if (level.length % 2 === 1) level.push(await paddingNode(k, h));
    const next: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(await parentNode(level[i]!, level[i + 1]!, h));
    levels.push(next);
    level = next;
  }
  return levels;
}

/** One step up the path: the sibling at this level and the parent it makes with the customer's node. */
export interface ProofStep {
  /** where the sibling sits */
  side: 'left' | 'right';
  hash: string;
  /** USDT, decimal string */
  sum: string;
  parent_hash: string;
  parent_sum: string;
}

/** One of the customer's leaves with its path to the root. */
export interface ProofLeaf {
  nonce: string;
  user_hash: string;
  /** USDT, decimal string: this part of the customer's holdings */
  amount: string;
  hash: string;
  path: ProofStep[];
}

/** A customer's proof, as `proof/mine` answers it and as the app downloads it. */
export interface LiabilityProof {
  snapshot_id: number;
  created_at: string;
  root_hash: string;
  /** USDT, decimal string: the root's sum, the published total */
  total: string;
  leaf_count: number;
  /** USDT, decimal string: the customer's holdings, the sum of their leaves' amounts */
  amount: string;
  leaves: ProofLeaf[];
}

/** The path of leaf `index` in `levels` (as buildLevels answers them), with wire amounts. */
export function pathOf(levels: readonly SumNode[][], index: number): ProofStep[] {
  const steps: ProofStep[] = [];
  let i = index;
  for (let k = 0; k < levels.length - 1; k++) {
    const sibling = levels[k]![i ^ 1]!;
    const parent = levels[k + 1]![i >> 1]!;
    steps.push({
      side: i % 2 === 0 ? 'right' : 'left',
      hash: sibling.hash,
      sum: formatAmount(sibling.sum),
      parent_hash: parent.hash,
      parent_sum: formatAmount(parent.sum),
    });
    i >>= 1;
  }
  return steps;
}

export type ProofFailure =
  /** the file is not a proof: a field is missing or malformed */
  | { ok: false; reason: 'format'; field: string }
  /** a sum below zero (at `level`; 0 = the leaf) */
  | { ok: false; reason: 'negative_sum'; level: number }
  /** the hash computed at `level` differs from the one the proof states (0: the leaf's own fields were changed) */
  | { ok: false; reason: 'hash_mismatch'; level: number }
  /** the sum computed at `level` differs from the one the proof states */
  | { ok: false; reason: 'sum_mismatch'; level: number }
  /** the path leads to another root than the one the proof names */
  | { ok: false; reason: 'root_mismatch' }
  /** the root's sum differs from the total the proof names */
  | { ok: false; reason: 'total_mismatch' }
  /** the leaves' amounts do not add up to the customer's amount the proof names */
  | { ok: false; reason: 'parts_mismatch' }
  /** two leaves stand at one place of the tree (one part counted twice), or belong to different customers */
  | { ok: false; reason: 'duplicate_leaf' };
export type ProofResult =
  | { ok: true; amount: bigint; parts: number; root_hash: string; total: bigint; snapshot_id: number; created_at: string }
  | ProofFailure;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const amountOf = (v: unknown): bigint | undefined => {
  if (typeof v !== 'string') return undefined;
  try {
    return wireToMicro(v);
  } catch {
    return undefined;
  }
};
const isHash = (v: unknown): v is string => typeof v === 'string' && HASH_HEX.test(v);
const NONCE_HEX = new RegExp(`^[0-9a-f]{${NONCE_BYTES * 2}}$`);

interface CheckedLeaf {
  nonce: string;
  user_hash: string;
  hash: string;
  amount: bigint;
  steps: { side: 'left' | 'right'; sibling: SumNode; parent: SumNode }[];
}

/** One leaf of the proof read from the wire, or the field that is malformed. */
function readLeaf(leaf: unknown, at: string): CheckedLeaf | string {
  if (!isObject(leaf)) return at;
  if (typeof leaf.nonce !== 'string' || !NONCE_HEX.test(leaf.nonce)) return `${at}.nonce`;
  if (!isHash(leaf.user_hash)) return `${at}.user_hash`;
  if (!isHash(leaf.hash)) return `${at}.hash`;
  const amount = amountOf(leaf.amount);
  if (amount === undefined) return `${at}.amount`;
  if (!Array.isArray(leaf.path)) return `${at}.path`;
  const steps: CheckedLeaf['steps'] = [];
  for (const [k, step] of leaf.path.entries()) {
    const field = `${at}.path[${k}]`;
    if (!isObject(step)) return field;
    if (step.side !== 'left' && step.side !== 'right') return `${field}.side`;
    if (!isHash(step.hash)) return `${field}.hash`;
    if (!isHash(step.parent_hash)) return `${field}.parent_hash`;
    const sum = amountOf(step.sum);
    if (sum === undefined) return `${field}.sum`;
    const parentSum = amountOf(step.parent_sum);
    if (parentSum === undefined) return `${field}.parent_sum`;
    steps.push({ side: step.side, sibling: { hash: step.hash, sum }, parent: { hash: step.parent_hash, sum: parentSum } });
  }
  return { nonce: leaf.nonce, user_hash: leaf.user_hash, hash: leaf.hash, amount, steps };
}

/** Checks one leaf from its fields up its path to the root and the total: undefined when it holds. */
async function checkLeaf(leaf: CheckedLeaf, rootHash: string, total: bigint): Promise<ProofFailure | undefined> {
  const { amount, steps } = leaf;
  if (amount < 0n) return { ok: false, reason: 'negative_sum', level: 0 };
  for (const [k, step] of steps.entries()) {
    if (step.sibling.sum < 0n) return { ok: false, reason: 'negative_sum', level: k };
    if (step.parent.sum < 0n) return { ok: false, reason: 'negative_sum', level: k + 1 };
  }
  const tooBig = [amount, total, ...steps.flatMap((s) => [s.sibling.sum, s.parent.sum])].some((v) => v > MAX_SUM);
  if (tooBig) return { ok: false, reason: 'format', field: 'sum' };

  let node: SumNode = { hash: await leafHash(leaf.nonce, leaf.user_hash, amount), sum: amount };
  if (node.hash !== leaf.hash) return { ok: false, reason: 'hash_mismatch', level: 0 };
  for (const [k, step] of steps.entries()) {
    if (node.sum + step.sibling.sum > MAX_SUM) return { ok: false, reason: 'sum_mismatch', level: k + 1 };
    const next = step.side === 'left' ? await parentNode(step.sibling, node) : await parentNode(node, step.sibling);
    if (next.sum !== step.parent.sum) return { ok: false, reason: 'sum_mismatch', level: k + 1 };
    if (next.hash !== step.parent.hash) return { ok: false, reason: 'hash_mismatch', level: k + 1 };
    node = next;
  }
  if (node.hash !== rootHash) return { ok: false, reason: 'root_mismatch' };
  if (node.sum !== total) return { ok: false, reason: 'total_mismatch' };
  return undefined;
}

/** Where a leaf stands in the tree, read from its path's sides (a sibling on the left: this node is a right child). */
const positionOf = (leaf: CheckedLeaf) => leaf.steps.reduceRight((at, step) => at * 2n + (step.side === 'left' ? 1n : 0n), 0n);

/**
 * Checks a proof: every leaf from its fields up its path (each level's parent sum and hash from the node and its
 * sibling) to the root and the total; that the leaves are one customer's, each at a place of its own in the tree (a
 * part shown twice would count twice), and that their amounts add up exactly to the customer's amount. Accepts the
 * answer of `proof/mine` (its `data`) or a whole envelope `{ code, msg, data }`. Never throws.
 */
export async function verifyProof(input: unknown): Promise<ProofResult> {
  const proof = isObject(input) && isObject(input.data) && 'code' in input ? input.data : input;
  const bad = (field: string): ProofFailure => ({ ok: false, reason: 'format', field });
  if (!isObject(proof)) return bad('proof');
  if (typeof proof.snapshot_id !== 'number') return bad('snapshot_id');
  if (typeof proof.created_at !== 'string') return bad('created_at');
  if (!isHash(proof.root_hash)) return bad('root_hash');
  const total = amountOf(proof.total);
  if (total === undefined) return bad('total');
  const amount = amountOf(proof.amount);
  if (amount === undefined) return bad('amount');
  if (!Array.isArray(proof.leaves) || proof.leaves.length === 0) return bad('leaves');
  const leaves: CheckedLeaf[] = [];
  for (const [i, raw] of proof.leaves.entries()) {
    const leaf = readLeaf(raw, `leaves[${i}]`);
    if (typeof leaf === 'string') return bad(leaf);
    leaves.push(leaf);
  }

  for (const leaf of leaves) {
    const failure = await checkLeaf(leaf, proof.root_hash, total);
    if (failure) return failure;
  }
  // every path ends at the one root, so equal depths and distinct places mean distinct leaves of the tree
  const depth = leaves[0]!.steps.length;
  const places = new Set(leaves.map(positionOf));
  const oneCustomer = leaves.every((l) => l.user_hash === leaves[0]!.user_hash && l.steps.length === depth);
  if (!oneCustomer || places.size !== leaves.length) return { ok: false, reason: 'duplicate_leaf' };
  if (amount < 0n) return { ok: false, reason: 'negative_sum', level: 0 };
  if (leaves.reduce((sum, l) => sum + l.amount, 0n) !== amount) return { ok: false, reason: 'parts_mismatch' };
  return {
    ok: true,
    amount,
    parts: leaves.length,
    root_hash: proof.root_hash,
    total,
    snapshot_id: proof.snapshot_id,
    created_at: proof.created_at,
  };
}

/** A fresh 32-byte nonce as hex (Web Crypto's random source). */
export function randomNonce(): string {
  const bytes = new Uint8Array(NONCE_BYTES);
  (globalThis as unknown as { crypto: { getRandomValues(a: Uint8Array): Uint8Array } }).crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}
