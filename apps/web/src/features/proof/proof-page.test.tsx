import {
  API,
  buildLevels,
  errorCode,
  formatAmount,
  type LiabilityProof,
  type ProofRoot,
  pathOf,
  ROUTES,
  randomNonce,
  userHash,
} from '@c2c/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { config, openApp, signIn, user } from '../../test/app';
import { fakeServer, pageOf } from '../../test/fetch';

beforeAll(() => import('./proof-page'));

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** A real tree of three customers in four parts each, built with the shared code; the signed-in user's parts are scattered. */
async function realProof(): Promise<{ proof: LiabilityProof; root: ProofRoot }> {
  const parts = [
    [12_500_000n, 0n, 1n, 3_000_000n],
    [40_000_000n, 500_000n, 80_000_000n, 0n],
    [99_000_000n, 2n, 0n, 1n],
  ];
  const leaves = [];
  for (const [i, xs] of parts.entries())
    for (const amount of xs)
      leaves.push({ owner: i, nonce: randomNonce(), user_hash: await userHash(i === 1 ? user.id : 900 + i), amount });
  leaves.sort((a, b) => (a.nonce < b.nonce ? -1 : 1));
  const levels = await buildLevels(leaves);
  const top = levels.at(-1)![0]!;
  const created_at = '2026-11-22T00:00:00.000Z';
  const root = { id: 4, created_at, root_hash: top.hash, total: formatAmount(top.sum), leaf_count: 12 };
  const proof: LiabilityProof = {
    snapshot_id: 4,
    created_at,
    root_hash: top.hash,
    total: root.total,
    leaf_count: 12,
    amount: '120.50',
    leaves: leaves.flatMap((l, at) =>
      l.owner === 1
        ? [
            {
              nonce: l.nonce,
              user_hash: l.user_hash,
              amount: formatAmount(l.amount),
              hash: levels[0]![at]!.hash,
              path: pathOf(levels, at),
            },
          ]
        : [],
    ),
  };
  return { proof, root };
}

function server(mine: () => { code: number; msg?: string; data?: unknown }, roots: ProofRoot[] = []) {
  return fakeServer({
    [API.config]: () => ({ code: 200, data: config }),
    [API.getInfo]: () => ({ code: 200, data: user }),
    [API.proofMine]: mine,
    [API.proofRoots]: () => pageOf(roots, roots.length, 1, 10),
  });
}

describe('proof of liabilities page', () => {
  it("verifies the user's path in the browser and says which balance is in which snapshot", async () => {
    const { proof, root } = await realProof();
    server(() => ({ code: 200, data: proof }), [root]);
    signIn();
    openApp(ROUTES.proof);
    const verdict = await screen.findByText(/Your balance of 120\.50 USDT is included in snapshot 4/);
    expect(verdict.textContent).toContain('with total 235.000004 USDT');
    expect(document.querySelector('.proof-verdict.verified')).toBeTruthy();
    expect(screen.getByText('Published snapshots')).toBeTruthy();
    expect(screen.getAllByText(root.root_hash).length).toBeGreaterThan(0);
    expect(screen.getByText(/does not prove that the platform holds reserves/)).toBeTruthy();

    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => {
          saved.push(b);
          return 'blob:proof';
        },
        revokeObjectURL: () => {},
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Download proof/ }));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved[0]!);
    });
    expect(JSON.parse(text)).toEqual(proof);
  }, 20_000);

  it('shows which check failed when a sibling sum was changed on the way', async () => {
    const { proof, root } = await realProof();
    const tampered = structuredClone(proof);
    tampered.leaves[2]!.path[1]!.sum = '500.00';
    server(() => ({ code: 200, data: tampered }), [root]);
    signIn();
    openApp(ROUTES.proof);
    expect(await screen.findByText('The proof did not verify')).toBeTruthy();
    expect(screen.getByText('The sum at level 2 is not the sum of the two nodes below it.')).toBeTruthy();
    expect(screen.queryByText(/Your balance of/)).toBeNull();
  });

  it('refuses parts that do not add up to the balance named', async () => {
    const { proof, root } = await realProof();
    server(() => ({ code: 200, data: { ...proof, amount: '125.00' } }), [root]);
    signIn();
    openApp(ROUTES.proof);
    expect(await screen.findByText('Your parts do not add up to the amount the proof names.')).toBeTruthy();
    expect(screen.queryByText(/Your balance of/)).toBeNull();
  });

  it('refuses a proof whose root is not the one published for its snapshot', async () => {
    const { proof, root } = await realProof();
    server(() => ({ code: 200, data: proof }), [{ ...root, total: '1.00' }]);
    signIn();
    openApp(ROUTES.proof);
    expect(await screen.findByText('The root hash or total differs from the one published for this snapshot.')).toBeTruthy();
  });

  it('says so when no snapshot exists yet, without a toast', async () => {
    server(() => ({ code: errorCode('proof_none'), msg: 'No proof-of-liabilities snapshot has been taken yet' }));
    signIn();
    openApp(ROUTES.proof);
    expect(await screen.findByText(/No snapshot has been taken yet/)).toBeTruthy();
    expect(screen.getByText('What this proves')).toBeTruthy();
  });
});
