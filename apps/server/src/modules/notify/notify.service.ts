import { type LiveTopic, normalizeLang } from '@c2c/shared';
import type { AppContext } from '../../context.js';
import { getSettings } from '../settings/settings.service.js';
import { contactOf } from '../users/users.service.js';
import { type MoneyMail, moneyMail } from './notify.mails.js';

/**
 * Tells a customer that something changed, after the change has committed: a live event to their open apps
 * and, for the transitions that matter, a mail in their language. Never throws: the change already stands,
 * and a lost notice is logged, not turned into an error for the operator who caused it.
 */
export async function notifyUser(
  ctx: AppContext,
  userId: number,
  topics: LiveTopic[],
  mail?: { kind: MoneyMail; params: Record<string, string> },
): Promise<void> {
  for (const topic of topics) await ctx.live.notify(userId, topic);
  if (!mail) return;
  try {
    const contact = await contactOf(ctx, userId);
    if (!contact) return;
    const { app_name } = await getSettings(ctx.db, ctx.config.publicUrl);
    const { subject, text } = moneyMail(mail.kind, normalizeLang(contact.lang), { app: app_name, ...mail.params });
    await ctx.mailer.send({ to: contact.email, subject, text });
  } catch (err) {
    ctx.log.error({ err, userId, mail: mail.kind }, 'notice mail failed');
  }
}
