import type { TradeOutcome } from '@c2c/shared';
import type { AppContext, Tx } from '../../context.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { post } from '../ledger/ledger.service.js';

/**
 * PLACEHOLDER until branch h1 is merged: H1 owns `settleTrade` in modules/trades/trades.service.ts with this
 * signature. The merge replaces the import in disputes.service.ts and deletes this file.
 */
export async function settleTrade(
  tx: Tx,
  ctx: AppContext,
  tradeId: number,
  outcome: TradeOutcome,
  actor: { by: 'seller' | 'operator'; operatorId?: number },
  note?: string,
): Promise<void> {
  const now = iso(ctx.clock.now());
  const t = await tx
    .updateTable('trades')
    .set({
      status: outcome === 'release' ? 'completed' : 'cancelled',
      ended_at: now,
      outcome,
      resolution_note: note ?? null,
      resolved_by: actor.operatorId ?? null,
      resolved_at: now,
    })
    .where('id', '=', tradeId)
    .where('status', '=', 'disputed')
    .returningAll()
    .executeTakeFirst();
  if (!t) throw new DomainError('state_conflict');
  await tx.insertInto('trade_events').values({ trade_id: t.id, event: 'resolved', actor: actor.by, created_at: now }).execute();
  const to = outcome === 'release' ? t.buyer_id : t.seller_id;
  await post(tx, {
    kind: 'adjust',
    ref: `trade:${t.id}`,
    actor: `operator:${actor.operatorId}`,
    now: ctx.clock.now(),
    legs: [
      { account: { user: t.seller_id, kind: 'escrow' }, amount: -t.quantity },
      { account: { user: to, kind: 'available' }, amount: t.quantity },
    ],
  });
}
