import type { Lang } from '@c2c/shared';
import type { Mail } from '../../lib/mailer.js';

type Texts = Record<Lang, { subject: string; body: string }>;

const fill = (s: string, v: Record<string, string>) => s.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');

const CODE: Record<'register' | 'forget', Texts> = {
  register: {
    en: {
      subject: '{app}: your sign-up code',
      body: 'Your verification code is {code}.\n\nIt is valid for 10 minutes. Do not share it with anyone.\nIf you did not try to sign up for {app}, you can ignore this mail.',
    },
    'zh-Hans': {
      subject: '{app}：您的注册验证码',
      body: '您的验证码是 {code}。\n\n10 分钟内有效，请勿告诉任何人。\n如果您没有注册 {app}，请忽略此邮件。',
    },
    'zh-Hant': {
      subject: '{app}：您的註冊驗證碼',
      body: '您的驗證碼是 {code}。\n\n10 分鐘內有效，請勿告訴任何人。\n如果您沒有註冊 {app}，請忽略這封電子郵件。',
    },
    de: {
      subject: '{app}: Ihr Registrierungscode',
      body: 'Ihr Bestätigungscode lautet {code}.\n\nEr ist 10 Minuten gültig. Geben Sie ihn an niemanden weiter.\nWenn Sie sich nicht bei {app} registrieren wollten, können Sie diese E-Mail ignorieren.',
    },
    ja: {
      subject: '{app}：登録用認証コード',
      body: '認証コードは {code} です。\n\n有効期限は10分です。誰にも教えないでください。\n{app} への登録に心当たりがない場合は、このメールを無視してください。',
    },
  },
  forget: {
    en: {
      subject: '{app}: your password reset code',
      body: 'Your password reset code is {code}.\n\nIt is valid for 10 minutes. Do not share it with anyone.\nIf you did not ask to reset your password, ignore this mail; your password stays unchanged.',
    },
    'zh-Hans': {
      subject: '{app}：重置密码验证码',
      body: '您的重置密码验证码是 {code}。\n\n10 分钟内有效，请勿告诉任何人。\n如果您没有申请重置密码，请忽略此邮件，您的密码不会改变。',
    },
    'zh-Hant': {
      subject: '{app}：重設密碼驗證碼',
      body: '您的重設密碼驗證碼是 {code}。\n\n10 分鐘內有效，請勿告訴任何人。\n如果您沒有申請重設密碼，請忽略這封電子郵件，您的密碼不會改變。',
    },
    de: {
      subject: '{app}: Ihr Code zum Zurücksetzen des Passworts',
      body: 'Ihr Code zum Zurücksetzen des Passworts lautet {code}.\n\nEr ist 10 Minuten gültig. Geben Sie ihn an niemanden weiter.\nWenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
    },
    ja: {
      subject: '{app}：パスワード再設定コード',
      body: 'パスワード再設定コードは {code} です。\n\n有効期限は10分です。誰にも教えないでください。\n心当たりがない場合はこのメールを無視してください。パスワードは変更されません。',
    },
  },
};

const PASSWORD_CHANGED: Texts = {
  en: {
    subject: '{app}: your password was changed',
    body: 'The password of your {app} account was changed at {time} (UTC) and your other sessions were signed out.\n\nIf this was not you, reset your password at once and contact customer service.',
  },
  'zh-Hans': {
    subject: '{app}：您的密码已修改',
    body: '您的 {app} 账户密码已于 {time}（UTC）修改，其他登录已退出。\n\n如果不是您本人操作，请立即重置密码并联系客服。',
  },
  'zh-Hant': {
    subject: '{app}：您的密碼已修改',
    body: '您的 {app} 帳戶密碼已於 {time}（UTC）修改，其他登入已登出。\n\n如果不是您本人操作，請立即重設密碼並聯絡客服。',
  },
  de: {
    subject: '{app}: Ihr Passwort wurde geändert',
    body: 'Das Passwort Ihres {app}-Kontos wurde am {time} (UTC) geändert, und Ihre anderen Sitzungen wurden abgemeldet.\n\nWenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und wenden Sie sich an den Kundendienst.',
  },
  ja: {
    subject: '{app}：パスワードが変更されました',
    body: '{app} アカウントのパスワードが {time}（UTC）に変更され、他のセッションはログアウトされました。\n\n心当たりがない場合は、すぐにパスワードを再設定し、カスタマーサービスにご連絡ください。',
  },
};

export function codeMail(to: string, lang: Lang, scene: 'register' | 'forget', code: string, app: string): Mail {
  const t = CODE[scene][lang];
  return { to, subject: fill(t.subject, { app }), text: fill(t.body, { app, code }) };
}

export function passwordChangedMail(to: string, lang: Lang, time: Date, app: string): Mail {
  const t = PASSWORD_CHANGED[lang];
  const when = time.toISOString().slice(0, 16).replace('T', ' ');
  return { to, subject: fill(t.subject, { app }), text: fill(t.body, { app, time: when }) };
}

const SIGN_UP_ATTEMPT: Texts = {
  en: {
    subject: '{app}: someone tried to sign up with your e-mail address',
    body: 'Someone just tried to sign up for {app} with this e-mail address. It already belongs to your account, so no new account was created and no code was sent.\n\nIf it was you: sign in with your password. If you no longer know it, choose "Forgot password?" on the sign-in page to reset it.\nIf it was not you, you can ignore this mail; your account is unchanged.',
  },
  'zh-Hans': {
    subject: '{app}：有人尝试用您的邮箱注册',
    body: '刚才有人尝试用此邮箱注册 {app}。该邮箱已属于您的账户，因此没有创建新账户，也没有发送验证码。\n\n如果是您本人：请用密码登录。如果忘记了密码，请在登录页选择“忘记密码？”进行重置。\n如果不是您本人，请忽略此邮件，您的账户没有任何变化。',
  },
  'zh-Hant': {
    subject: '{app}：有人嘗試用您的郵箱註冊',
    body: '剛才有人嘗試用此郵箱註冊 {app}。該郵箱已屬於您的帳戶，因此沒有建立新帳戶，也沒有發送驗證碼。\n\n如果是您本人：請用密碼登入。如果忘記了密碼，請在登入頁選擇「忘記密碼？」進行重設。\n如果不是您本人，請忽略此郵件，您的帳戶沒有任何變化。',
  },
  de: {
    subject: '{app}: Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren',
    body: 'Soeben wollte sich jemand mit dieser E-Mail-Adresse bei {app} registrieren. Die Adresse gehört bereits zu Ihrem Konto, daher wurde kein neues Konto angelegt und kein Code gesendet.\n\nWaren Sie das: Melden Sie sich mit Ihrem Passwort an. Wenn Sie es nicht mehr wissen, wählen Sie auf der Anmeldeseite „Passwort vergessen?“, um es zurückzusetzen.\nWaren Sie das nicht, können Sie diese E-Mail ignorieren; Ihr Konto bleibt unverändert.',
  },
  ja: {
    subject: '{app}：お客様のメールアドレスで登録が試みられました',
    body: 'たった今、このメールアドレスで {app} への登録が試みられました。このアドレスは既にお客様のアカウントに登録されているため、新しいアカウントは作成されず、コードも送信されていません。\n\nお客様ご本人の場合：パスワードでログインしてください。パスワードをお忘れの場合は、ログイン画面の「パスワードをお忘れですか？」から再設定してください。\n心当たりがない場合は、このメールを無視してください。アカウントは変更されていません。',
  },
};

/** To the owner of an address someone tried to sign up with: no code, a hint to sign in or reset the password. */
export function signUpAttemptMail(to: string, lang: Lang, app: string): Mail {
  const t = SIGN_UP_ATTEMPT[lang];
  return { to, subject: fill(t.subject, { app }), text: fill(t.body, { app }) };
}

const RESET_UNKNOWN: Texts = {
  en: {
    subject: '{app}: password reset requested',
    body: 'Someone just asked to reset the password of a {app} account with this e-mail address, but no account uses this address, so nothing was changed.\n\nIf it was you, you may have signed up with another address; you can also sign up with this one.\nIf it was not you, you can ignore this mail.',
  },
  'zh-Hans': {
    subject: '{app}：有人申请重置密码',
    body: '刚才有人申请重置使用此邮箱的 {app} 账户密码，但没有账户使用此邮箱，因此没有任何更改。\n\n如果是您本人，您可能用其他邮箱注册过；您也可以用此邮箱注册。\n如果不是您本人，请忽略此邮件。',
  },
  'zh-Hant': {
    subject: '{app}：有人申請重設密碼',
    body: '剛才有人申請重設使用此郵箱的 {app} 帳戶密碼，但沒有帳戶使用此郵箱，因此沒有任何變更。\n\n如果是您本人，您可能用其他郵箱註冊過；您也可以用此郵箱註冊。\n如果不是您本人，請忽略此郵件。',
  },
  de: {
    subject: '{app}: Zurücksetzen des Passworts angefordert',
    body: 'Soeben wollte jemand das Passwort eines {app}-Kontos mit dieser E-Mail-Adresse zurücksetzen, aber kein Konto verwendet diese Adresse; es wurde nichts geändert.\n\nWaren Sie das, haben Sie sich vielleicht mit einer anderen Adresse registriert; Sie können sich auch mit dieser registrieren.\nWaren Sie das nicht, können Sie diese E-Mail ignorieren.',
  },
  ja: {
    subject: '{app}：パスワード再設定のリクエスト',
    body: 'たった今、このメールアドレスの {app} アカウントのパスワード再設定がリクエストされましたが、このアドレスを使うアカウントはないため、何も変更されていません。\n\nお客様ご本人の場合、別のアドレスで登録された可能性があります。このアドレスで新規登録することもできます。\n心当たりがない場合は、このメールを無視してください。',
  },
};

/** To an address without an account that someone asked a reset code for: no code, and it says why. */
export function resetUnknownMail(to: string, lang: Lang, app: string): Mail {
  const t = RESET_UNKNOWN[lang];
  return { to, subject: fill(t.subject, { app }), text: fill(t.body, { app }) };
}
