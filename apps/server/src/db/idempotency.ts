import { isUniqueViolation } from './errors.js';

/**
 * Runs a create call once per client `request_id` (DESIGN §3): a repeated id answers the first result, and a
 * concurrent duplicate that loses the UNIQUE(user_id, request_id) race answers the winner. Without an id, `create`
 * simply runs.
 */
export async function oncePerRequest<R>(
  requestId: string | null,
  find: (requestId: string) => Promise<R | undefined>,
  create: () => Promise<R>,
): Promise<R> {
  if (requestId) {
    const earlier = await find(requestId);
    if (earlier) return earlier;
  }
  try {
    return await create();
  } catch (err) {
    const winner = requestId && isUniqueViolation(err) ? await find(requestId) : undefined;
    if (winner) return winner;
    throw err;
  }
}
