import { type AdminPath, type Answer, type Envelope, errorCode, OK, SESSION_EXPIRED } from '@c2c/shared';
import { clearToken, getToken } from './token';

/** A call that reached the server and was answered with a business error (or no usable answer). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** The caller shows the error itself (the sign-in form does); no toast. */
  silent?: boolean;
}

type Notify = (text: string) => void;
let notifyError: Notify = (text) => console.error(text);
let notifySessionEnded: Notify = (text) => console.warn(text);

/** The app wires the client to antd's message API once it is mounted. */
export function configureApi(handlers: { onError: Notify; onSessionEnded: Notify }): void {
  notifyError = handlers.onError;
  notifySessionEnded = handlers.onSessionEnded;
}

const NETWORK_ERROR = 'The server could not be reached, please check the connection and try again';

/**
 * POSTs JSON to an operator API path and resolves with `data`, following the envelope rules of DESIGN §2. The result
 * is typed by the path's entry in the shared contract (the server's tests hold the answers to it).
 */
export async function call<P extends AdminPath>(
  path: P,
  body: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<Answer<P>> {
  const token = getToken();
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token) headers['X-Admin-Token'] = token;

  let envelope: Envelope<Answer<P>>;
  try {
    const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify({ ...body, lang: 'en' }) });
    envelope = (await response.json()) as Envelope<Answer<P>>;
    if (typeof envelope?.code !== 'number') throw new TypeError('not an envelope');
  } catch {
    if (!options.silent) notifyError(NETWORK_ERROR);
    throw new ApiError(0, NETWORK_ERROR);
  }

  if (envelope.code === OK) return envelope.data;
  if (envelope.code === SESSION_EXPIRED) endSession(token, envelope.msg);
  else if (!options.silent) notifyError(envelope.msg);
  throw new ApiError(envelope.code, envelope.msg);
}

function endSession(token: string | null, text: string): void {
  if (!token) return;
  clearToken();
  notifySessionEnded(text);
}

/**
 * GETs a file served only to operators (a customer's upload): an `<img src>` cannot send X-Admin-Token, so the
 * caller shows the blob through an object URL. Errors are not toasted; the caller shows them where the file goes.
 */
export async function fetchFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { 'X-Admin-Token': token } : {}, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (response.ok && !(response.headers.get('Content-Type') ?? '').includes('json')) return response.blob();
  // A refused file is answered with the envelope; anything else only has its HTTP status to tell.
  const envelope = (await response.json().catch(() => null)) as Envelope | null;
  if (typeof envelope?.code !== 'number')
    throw new ApiError(response.status, `The file could not be loaded (HTTP ${response.status})`);
  if (envelope.code === SESSION_EXPIRED) endSession(token, envelope.msg);
  throw new ApiError(envelope.code, envelope.msg);
}

/** The server's answer when another operator (or a retried click) handled the item first. */
export const isStateConflict = (error: unknown): boolean =>
  error instanceof ApiError && error.code === errorCode('state_conflict');
