import { isUniqueViolation } from './errors.js';
import { onPostgres } from './prepared.js';
import { RunAgain, type Tx, withSavepoint } from './tx.js';

/**
 * Runs a create call once per client `request_id` (DESIGN §3): a repeated id answers the first result, and a
 * concurrent duplicate that loses the UNIQUE(user_id, request_id) race answers the winner. Without an id, `create`
 * simply runs.
 *
 * Losing the race undoes what the loser wrote and scheduled. On SQLite the create runs under a savepoint, rolled back,
 * and the caller's transaction goes on with the winner's answer. On PostgreSQL it runs without one (a SAVEPOINT and a
 * RELEASE on every create call, and a subtransaction for its writes): the unique violation ends the transaction, which
 * runs once more from its start (`RunAgain`) and finds the winner, committed before the violation was raised.
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
  if (onPostgres(tx)) {
    try {
      return await create();
    } catch (err) {
      throw isUniqueViolation(err) ? new RunAgain(err) : err;
    }
  }
  try {
    return await withSavepoint(tx, create);
  } catch (err) {
    const winner = isUniqueViolation(err) ? await find(requestId) : undefined;
    if (winner) return winner;
    throw err;
  }
}
