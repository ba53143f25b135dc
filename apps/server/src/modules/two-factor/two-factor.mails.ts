import type { Lang } from '@c2c/shared';
import type { Mail } from '../../lib/mailer.js';

type Texts = Record<Lang, { subject: string; body: string }>;

const TURNED_ON: Texts = {
  en: {
    subject: '{app}: two-factor authentication is on',
    body: 'Two-factor authentication was turned on for your {app} account at {time} (UTC). From now on, signing in, every withdrawal and every change of your payout accounts need a code from your authenticator app.\n\nKeep your recovery codes somewhere safe.\nIf this was not you, change your password at once and contact customer service.',
  },
  'zh-Hans': {
    subject: '{app}：双重验证已开启',
    body: '您的 {app} 账户已于 {time}（UTC）开启双重验证。今后登录、每次提现以及每次修改收款账户都需要身份验证器应用中的验证码。\n\n请妥善保管您的恢复码。\n如果不是您本人操作，请立即修改密码并联系客服。',
  },
  'zh-Hant': {
    subject: '{app}：雙重驗證已開啟',
    body: '您的 {app} 帳戶已於 {time}（UTC）開啟雙重驗證。今後登入、每次提領以及每次修改收款帳戶都需要驗證器應用程式中的驗證碼。\n\n請妥善保管您的復原碼。\n如果不是您本人操作，請立即修改密碼並聯絡客服。',
  },
  de: {
    subject: '{app}: Zwei-Faktor-Authentifizierung ist eingeschaltet',
    body: 'Für Ihr {app}-Konto wurde am {time} (UTC) die Zwei-Faktor-Authentifizierung eingeschaltet. Ab jetzt brauchen die Anmeldung, jede Auszahlung und jede Änderung Ihrer Auszahlungskonten einen Code aus Ihrer Authenticator-App.\n\nBewahren Sie Ihre Wiederherstellungscodes sicher auf.\nWaren Sie das nicht, ändern Sie sofort Ihr Passwort und wenden Sie sich an den Kundendienst.',
  },
  ja: {
    subject: '{app}：二段階認証がオンになりました',
    body: 'お客様の {app} アカウントで {time}（UTC）に二段階認証がオンになりました。今後、ログイン、すべての出金、受取口座の変更には認証アプリのコードが必要です。\n\nリカバリーコードは安全な場所に保管してください。\n心当たりがない場合は、すぐにパスワードを変更し、カスタマーサービスにご連絡ください。',
  },
};

const TURNED_OFF: Texts = {
  en: {
    subject: '{app}: two-factor authentication was turned off',
    body: 'Two-factor authentication was turned off for your {app} account at {time} (UTC). For your safety, withdrawals are paused for 24 hours.\n\nIf this was not you, change your password at once, end the sessions you do not recognise under My > Security > Devices, and contact customer service.',
  },
  'zh-Hans': {
    subject: '{app}：双重验证已关闭',
    body: '您的 {app} 账户已于 {time}（UTC）关闭双重验证。为了您的安全，提现将暂停 24 小时。\n\n如果不是您本人操作，请立即修改密码，在“我的 > 账户安全 > 登录设备”中结束您不认识的登录，并联系客服。',
  },
  'zh-Hant': {
    subject: '{app}：雙重驗證已關閉',
    body: '您的 {app} 帳戶已於 {time}（UTC）關閉雙重驗證。為了您的安全，提領將暫停 24 小時。\n\n如果不是您本人操作，請立即修改密碼，在「我的 > 帳戶安全 > 登入裝置」中結束您不認識的登入，並聯絡客服。',
  },
  de: {
    subject: '{app}: Zwei-Faktor-Authentifizierung wurde ausgeschaltet',
    body: 'Für Ihr {app}-Konto wurde am {time} (UTC) die Zwei-Faktor-Authentifizierung ausgeschaltet. Zu Ihrer Sicherheit sind Auszahlungen für 24 Stunden gesperrt.\n\nWaren Sie das nicht, ändern Sie sofort Ihr Passwort, beenden Sie unbekannte Sitzungen unter Ich > Sicherheit > Geräte und wenden Sie sich an den Kundendienst.',
  },
  ja: {
    subject: '{app}：二段階認証がオフになりました',
    body: 'お客様の {app} アカウントで {time}（UTC）に二段階認証がオフになりました。安全のため、出金は24時間停止されます。\n\n心当たりがない場合は、すぐにパスワードを変更し、「マイ > セキュリティ > ログイン端末」で見覚えのないセッションを終了して、カスタマーサービスにご連絡ください。',
  },
};

const fill = (s: string, v: Record<string, string>) => s.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');

/** To a customer whose second factor was just turned on or off: when, what it changes, what to do if it was not them. */
export function twoFactorChangedMail(to: string, lang: Lang, on: boolean, time: Date, app: string): Mail {
  const t = (on ? TURNED_ON : TURNED_OFF)[lang];
  const vars = { app, time: time.toISOString().slice(0, 16).replace('T', ' ') };
  return { to, subject: fill(t.subject, vars), text: fill(t.body, vars) };
}
