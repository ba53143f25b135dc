import {
  type Answer,
  type CustomerPath,
  type Envelope,
  type FieldError,
  type FilePath,
  type MultipartPath,
  OK,
  type PlainPath,
  REQUEST_TIMEOUT_MS,
  ROUTES,
  SESSION_EXPIRED,
} from '@c2c/shared';
import { reportServerReachable } from './connection';
import { currentLang, i18n } from './i18n';
import { pathOf, signInPath, switchTab } from './navigation';
import { queryClient } from './query-client';
import { clearSession, getToken } from './storage';
import { showToast } from './toast';

export interface CallOptions {
  /** `false` keeps a failed call quiet; the caller shows what it wants. */
  toast?: boolean;
  /** `true` rejects a failed call with an `ApiError`; otherwise it never settles (spec §8). */
  catch?: boolean;
}

export type Body = Record<string, string | number | boolean | null | undefined>;

export class ApiError extends Error {
  constructor(
    /** The envelope's code, or 0 when no envelope arrived (network failure, timeout, unreadable answer). */
    readonly code: number,
    message: string,
    /** The request field the server refused (`data.field`), for a form to point at. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const never = <T>(): Promise<T> => new Promise<T>(() => {});

function parseEnvelope(text: string): Envelope | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && typeof (value as Envelope).code === 'number') return value as Envelope;
  } catch {
    // Not JSON (a proxy's error page, for example): handled as an unreadable answer.
  }
  return null;
}

function fail<T>(error: ApiError, options: CallOptions): Promise<T> {
  if (options.toast !== false) showToast(error.message);
  return options.catch ? Promise.reject(error) : never<T>();
}

/**
 * Session expired or missing: forget it and start over at sign-in (spec §4), which says why (once: only the call
 * that finds a stored session ends it) and returns to this page afterwards.
 */
export function endSession(): void {
  const expired = getToken() !== null;
  clearSession();
  queryClient.clear();
  const here = location.hash.replace(/^#/, '') || ROUTES.home;
  if (pathOf(here) !== ROUTES.login) switchTab(signInPath({ from: here, expired }));
}

const isJson = (response: Response) => (response.headers.get('content-type') ?? '').includes('json');

/**
 * Posts and applies the envelope rules. With `file`, a successful answer that is not JSON (a CSV export) resolves as
 * a Blob; an error still arrives as the envelope.
 */
async function send<T>(path: string, body: URLSearchParams | FormData, options: CallOptions, file = false): Promise<T> {
  const headers: Record<string, string> = { Accept: file ? '*/*' : 'application/json' };
  const token = getToken();
  if (token) headers['X-Access-Token'] = token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let envelope: Envelope | null;
  try {
    const response = await fetch(path, { method: 'POST', body, headers, signal: controller.signal });
    reportServerReachable(true);
    if (file && response.ok && !isJson(response)) return (await response.blob()) as T;
    envelope = parseEnvelope(await response.text());
  } catch {
    // No answer at all (not a slow one): the device is offline or the server is gone.
    if (!controller.signal.aborted) reportServerReachable(false);
    const text = controller.signal.aborted ? i18n.t('common.requestTimeout') : i18n.t('common.networkError');
    return fail(new ApiError(0, text), options);
  } finally {
    clearTimeout(timer);
  }
  if (!envelope) return fail(new ApiError(0, i18n.t('common.serverError')), options);
  if (envelope.code === OK) return (envelope.data ?? {}) as T;
  if (envelope.code === SESSION_EXPIRED) {
    endSession();
    return never<T>();
  }
  const field = (envelope.data as Partial<FieldError> | undefined)?.field;
  return fail(
    new ApiError(envelope.code, envelope.msg || i18n.t('common.serverError'), typeof field === 'string' ? field : undefined),
    options,
  );
}

function formOf(body: Body): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) if (value !== undefined && value !== null) form.append(key, String(value));
  // A body may name the language itself (storing a newly chosen one); every other body carries the app's.
  if (!form.has('lang')) form.set('lang', currentLang());
  return form;
}

/**
 * A call of the customer API: POST, form-encoded, with `lang` in every body (DESIGN §2). It resolves with the answer's
 * `data`, typed by the path's entry in the shared contract (the server's tests hold the answers to it).
 */
export function api<P extends CustomerPath & PlainPath>(path: P, body: Body = {}, options: CallOptions = {}): Promise<Answer<P>> {
  return send<Answer<P>>(path, formOf(body), options);
}

/** A multipart upload (field `file`) under the same envelope rules, token header and timeout. */
export function upload<P extends CustomerPath & MultipartPath>(
  path: P,
  file: Blob,
  options: CallOptions = {},
): Promise<Answer<P>> {
  const form = new FormData();
  form.append('lang', currentLang());
  form.append('file', file);
  return send<Answer<P>>(path, form, options);
}

/** A call that answers a file on success (an export) and the envelope on failure. */
export function download(path: CustomerPath & FilePath, body: Body = {}, options: CallOptions = {}): Promise<Blob> {
  return send<Blob>(path, formOf(body), options, true);
}
