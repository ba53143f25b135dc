import { isUniqueViolation } from './errors.js';
import { type Tx, withSavepoint } from './transaction.js';

/**
 * Runs a create call once per client `request_id` (DESIGN §3): a repeated id answers the first result, and a
 * concurrent duplicate that loses the UNIQUE(user_id, request_id) race answers the winner. The create runs
 * under a savepoint, so losing the race undoes what the loser wrote and scheduled and leaves the caller's
 * transaction usable. Without an id, `create` simply runs.
 */
export async function oncePerRequest<R>(
  tx: Tx,
  requestId: string | null,
  find: (requestId: string) => Promise<R | undefined>,
  create: () => Promise<R>,
): Promise<R> {
  if (!requestId) return create();
  const earlier = await find(requestId);
  if (earlier) return earlier;
  try {
    return await withSavepoint(tx, create);
  } catch (err) {
    const winner = isUniqueViolation(err) ? await find(requestId) : undefined;
    if (winner) return winner;
    throw err;
  }
}
