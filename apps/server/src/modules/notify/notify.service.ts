import { type LiveTopic, normalizeLang } from '@c2c/shared';
import type { AppContext, Tx } from '../../context.js';
import { afterCommit, logOf } from '../../db/transaction.js';
import { withAntiPhishing } from '../../lib/anti-phishing.js';
import { getSettings } from '../settings/settings.service.js';
import { contactOf } from '../users/users.service.js';
import { type MoneyMail, moneyMail } from './notify.mails.js';

export type { MoneyMail };

/**
 * Tells a customer that something changed, once the caller's transaction has committed: a live event to their
 * open apps and, for the transitions that matter, a mail in their language. The mail is written from what the
 * transaction sees; sending it never fails the change (a lost notice is logged, not turned into an error for
 * the operator who caused it), and a rolled-back change tells nobody.
 */
export async function notifyUser(
  tx: Tx,
  ctx: AppContext,
  userId: number,
  topics: LiveTopic[],
  mail?: { kind: MoneyMail; params: Record<string, string> },
  /** what changed (`trade:12`), passed with the live events */
  ref?: string,
): Promise<void> {
  const letter = mail && (await compose(tx, ctx, userId, mail));
  afterCommit(tx, async () => {
    await ctx.live.notifyAll(userId, topics, ref);
    if (letter) await ctx.mailer.send(letter, logOf(tx));
  });
}

async function compose(tx: Tx, ctx: AppContext, userId: number, mail: { kind: MoneyMail; params: Record<string, string> }) {
  const contact = await contactOf(tx, userId);
  if (!contact) return undefined;
  const { app_name } = await getSettings(tx, ctx.config.publicUrl);
  const lang = normalizeLang(contact.lang);
  const { subject, text } = moneyMail(mail.kind, lang, { app: app_name, ...mail.params });
  return withAntiPhishing({ to: contact.email, subject, text }, lang, contact.phrase);
}
