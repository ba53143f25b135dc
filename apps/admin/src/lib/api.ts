import { type Envelope, OK, SESSION_EXPIRED } from '@c2c/shared';
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

/** POSTs JSON to an operator API path and resolves with `data`, following the envelope rules of DESIGN §2. */
export async function call<T>(path: string, body: Record<string, unknown> = {}, options: CallOptions = {}): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token) headers['X-Admin-Token'] = token;

  let envelope: Envelope<T>;
  try {
    const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify({ ...body, lang: 'en' }) });
    envelope = (await response.json()) as Envelope<T>;
    if (typeof envelope?.code !== 'number') throw new TypeError('not an envelope');
  } catch {
    if (!options.silent) notifyError(NETWORK_ERROR);
    throw new ApiError(0, NETWORK_ERROR);
  }

  if (envelope.code === OK) return envelope.data;
  if (envelope.code === SESSION_EXPIRED) {
    if (token) {
      clearToken();
      notifySessionEnded(envelope.msg);
    }
    throw new ApiError(envelope.code, envelope.msg);
  }
  if (!options.silent) notifyError(envelope.msg);
  throw new ApiError(envelope.code, envelope.msg);
}
