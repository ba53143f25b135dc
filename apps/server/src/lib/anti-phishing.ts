import type { Lang } from '@c2c/shared';
import type { Mail } from './mailer.js';

const LINE: Record<Lang, string> = {
  en: 'Your anti-phishing phrase: «{phrase}»',
  'zh-Hans': '您的防钓鱼码：«{phrase}»',
  'zh-Hant': '您的防釣魚碼：«{phrase}»',
  de: 'Ihr Anti-Phishing-Satz: «{phrase}»',
  ja: 'フィッシング対策フレーズ：«{phrase}»',
};

/**
 * Every mail to a customer goes through here: when they set an anti-phishing phrase, it opens the body
 * on a line of its own, so a mail without it (or with a wrong one) is recognisably not from us.
 */
export function withAntiPhishing(mail: Mail, lang: Lang, phrase: string | null | undefined): Mail {
  if (!phrase) return mail;
  return { ...mail, text: `${LINE[lang].replace('{phrase}', phrase)}\n\n${mail.text}` };
}
