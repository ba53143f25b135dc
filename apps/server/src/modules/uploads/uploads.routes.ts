import { API, normalizeLang, OK, UPLOADS_PREFIX } from '@c2c/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { DomainError } from '../../lib/errors.js';
import { authorize, callerOf, requestEnv, requestLang, sendError, setRequestLang } from '../../lib/http.js';
import { operatorAuth } from '../operators/operators.service.js';
import { userAuth } from '../users/users.service.js';
import * as uploads from './uploads.service.js';

/**
 * A body the multipart parser could not read (a broken boundary, a cut-off part) is the client's: HTTP 400 with the
 * envelope, like any unreadable body, instead of an internal error. Its own 4xx errors keep their status.
 */
function malformed(err: unknown): never {
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) throw err;
  throw Object.assign(new Error('malformed multipart body', { cause: err }), { statusCode: 400 });
}

export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  const operator = operatorAuth(ctx);

  // The multipart parser only where a file is taken: registered for the whole app, it put two hooks on every call (an
  // async one at the end of each, and a 'close' listener on each response), and another call sent a multipart body
  // now answers 415 with the envelope like any body type it does not read.
  void app.register(async (files) => {
    // one byte over our cap, so a file that reaches the parser's limit is always longer than we accept
    await files.register(multipart, { limits: { fileSize: uploads.MAX_UPLOAD_BYTES + 1, files: 1, fields: 5, parts: 6 } });
    // the body is a stream, so the file is read before the transaction that records it opens
    files.post(API.upload, upload);
  });

  async function upload(req: FastifyRequest, reply: FastifyReply) {
    const who = await authorize(ctx, req, signedIn);
    if (!req.isMultipart()) throw new DomainError('credentials_required');
    const file = await req.file().catch(malformed);
    const field = file?.fields.lang as { value?: unknown } | undefined;
    if (field?.value) setRequestLang(req, normalizeLang(field.value));
    if (file?.fieldname !== 'file') throw new DomainError('credentials_required');
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('upload_too_large');
      return malformed(err);
    }
    // the parser may also just stop at its limit: a cut-off file is never stored
    if (file.file.truncated) throw new DomainError('upload_too_large');
    const stored = await inTransaction(requestEnv(ctx, req.log), (tx) => uploads.storeImage(tx, ctx, who.user.id, data));
    return reply.send({ code: OK, msg: 'ok', data: stored });
  }

  /**
   * Stored files go only to their owner (X-Access-Token), the other side of the trade they back, or an operator
   * (X-Admin-Token); others get a plain 404.
   */
  app.get(`${UPLOADS_PREFIX}:name`, async (req: FastifyRequest<{ Params: { name: string } }>, reply) => {
    const file = await inTransaction(requestEnv(ctx, req.log), async (tx) => {
      const caller = callerOf(req);
      const reader = caller.adminToken
        ? await operator(tx, caller).then(
            () => 'operator' as const,
            () => undefined,
          )
        : caller.accessToken
          ? await signedIn(tx, caller).then(
              (w) => ({ userId: w.user.id }),
              () => undefined,
            )
          : undefined;
      return reader && uploads.readUpload(tx, ctx, req.params.name, reader);
    });
    if (!file) return sendError(reply, 404, 'not_found', requestLang(req));
    return reply
      .header('content-type', file.mime)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline')
      .send(file.data);
  });
}
