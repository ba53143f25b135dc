import { isUniqueViolation } from './errors.js';
import { RunAgain } from './tx.js';

/**
 * Runs a create call once per client `request_id` (DESIGN §3): a repeated id answers the first result, and a
 * concurrent duplicate that loses the UNIQUE(user_id, request_id) race answers the winner. Without an id, `create`
 * simply runs.
 *
 * Losing the race (PostgreSQL: the duplicate's insert waits for the winner's COMMIT, then is refused) ends the
 * transaction, which runs once more from its start (`RunAgain`) and finds the winner. On SQLite one transaction writes
 * at a time and sees what the ones before it wrote, so a duplicate finds the winner at once.
 */
export async function oncePerRequest<R>(
  requestId: string | null,
  find: (requestId: string) => Promise<R | undefined>,
  create: () => Promise<R>,
): Promise<R> {
  if (!requestId) return create();
  const earlier = await find(requestId);
  if (earlier) return earlier;
  try {
    return await create();
  } catch (err) {
    throw isUniqueViolation(err) ? new RunAgain(err) : err;
  }
}
