import type { Lang } from '@c2c/shared';
import type { Mail } from '../../lib/mailer.js';

type Texts = Record<Lang, { subject: string; body: string }>;

const NEW_DEVICE: Texts = {
  en: {
    subject: '{app}: new sign-in from {device}',
    body: 'Your {app} account was just signed in to from a device or network it has not used before.\n\nDevice: {device}\nAddress: {ip}\nTime: {time} (UTC)\n\nIf this was you, there is nothing to do.\nIf it was not you, end that session with this link (valid for 7 days, once), then change your password at once:\n{link}',
  },
  'zh-Hans': {
    subject: '{app}：{device} 上有新的登录',
    body: '您的 {app} 账户刚刚在一个从未使用过的设备或网络上登录。\n\n设备：{device}\n地址：{ip}\n时间：{time}（UTC）\n\n如果是您本人，无需任何操作。\n如果不是您本人，请用此链接结束该登录（7 天内有效，仅可使用一次），然后立即修改密码：\n{link}',
  },
  'zh-Hant': {
    subject: '{app}：{device} 上有新的登入',
    body: '您的 {app} 帳戶剛剛在一個從未使用過的裝置或網路上登入。\n\n裝置：{device}\n位址：{ip}\n時間：{time}（UTC）\n\n如果是您本人，無需任何操作。\n如果不是您本人，請用此連結結束該登入（7 天內有效，僅可使用一次），然後立即修改密碼：\n{link}',
  },
  de: {
    subject: '{app}: Neue Anmeldung von {device}',
    body: 'Bei Ihrem {app}-Konto hat sich soeben jemand von einem Gerät oder Netzwerk angemeldet, das bisher nicht verwendet wurde.\n\nGerät: {device}\nAdresse: {ip}\nZeit: {time} (UTC)\n\nWaren Sie das, ist nichts zu tun.\nWaren Sie das nicht, beenden Sie diese Sitzung mit diesem Link (7 Tage gültig, einmal verwendbar) und ändern Sie sofort Ihr Passwort:\n{link}',
  },
  ja: {
    subject: '{app}：{device} から新しいログインがありました',
    body: 'お客様の {app} アカウントに、これまで使われたことのない端末またはネットワークからログインがありました。\n\n端末：{device}\nアドレス：{ip}\n日時：{time}（UTC）\n\nお客様ご本人の場合、操作は不要です。\n心当たりがない場合は、このリンクでそのセッションを終了し（7日間有効・1回のみ）、すぐにパスワードを変更してください：\n{link}',
  },
};

const UNKNOWN_DEVICE: Record<Lang, string> = {
  en: 'an unknown device',
  'zh-Hans': '未知设备',
  'zh-Hant': '未知裝置',
  de: 'einem unbekannten Gerät',
  ja: '不明な端末',
};

const fill = (s: string, v: Record<string, string>) => s.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');

/** To a customer signed in from a new device or network: what, where, when, and the link that ends that session. */
export function newDeviceMail(
  to: string,
  lang: Lang,
  v: { app: string; device: string; ip: string; time: Date; link: string },
): Mail {
  const t = NEW_DEVICE[lang];
  const vars = {
    app: v.app,
    device: v.device || UNKNOWN_DEVICE[lang],
    ip: v.ip,
    time: v.time.toISOString().slice(0, 16).replace('T', ' '),
    link: v.link,
  };
  return { to, subject: fill(t.subject, vars), text: fill(t.body, vars) };
}
