import { DEFAULT_LANG, type Lang } from './lang.js';

type Texts = Record<Lang, string>;
interface Entry {
  code: number;
  texts: Texts;
}

const e = (code: number, en: string, zhHans: string, zhHant: string, de: string, ja: string): Entry => ({
  code,
  texts: { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant, de, ja },
});

/**
 * The numbered error catalogue of the wire contract (DESIGN §2). Keys are stable identifiers used by
 * schemas, services and the apps; codes are stable numbers on the wire. `{name}` placeholders are
 * filled by `errorMessage`.
 */
// biome-ignore format: one catalogue entry per line keeps the five translations side by side
export const ERRORS = {
  // session and transport
  unauthorized: e(-1, 'Please sign in again', '请重新登录', '請重新登入', 'Bitte melden Sie sich erneut an', '再度ログインしてください'),
  bad_request: e(1000, 'The request could not be read', '请求无法解析', '請求無法解析', 'Die Anfrage konnte nicht gelesen werden', 'リクエストを読み取れませんでした'),
  not_found: e(1001, 'This function does not exist', '该功能不存在', '該功能不存在', 'Diese Funktion gibt es nicht', 'この機能は存在しません'),
  payload_too_large: e(1002, 'The upload is too large', '上传内容过大', '上傳內容過大', 'Die Übertragung ist zu groß', 'アップロードが大きすぎます'),
  internal: e(1003, 'Something went wrong on our side, please try again later', '系统繁忙，请稍后再试', '系統繁忙，請稍後再試', 'Bei uns ist etwas schiefgelaufen, bitte versuchen Sie es später erneut', 'システムエラーが発生しました。しばらくしてからお試しください'),
  rate_limited: e(1004, 'Too many requests, please try again later', '操作过于频繁，请稍后再试', '操作過於頻繁，請稍後再試', 'Zu viele Anfragen, bitte versuchen Sie es später erneut', 'リクエストが多すぎます。しばらくしてからお試しください'),
  // validation (spec §5)
  fields_required: e(1100, 'Please fill in all the fields', '请填写所有字段', '請填寫所有欄位', 'Bitte füllen Sie alle Felder aus', 'すべての項目を入力してください'),
  email_required: e(1101, 'Please enter email', '请输入邮箱', '請輸入郵箱', 'Bitte E-Mail-Adresse eingeben', 'メールアドレスを入力してください'),
  email_format: e(1102, 'email format error', '邮箱格式错误', '郵箱格式錯誤', 'Ungültiges E-Mail-Format', 'メールアドレスの形式が正しくありません'),
  password_required: e(1103, 'Please enter password', '请输入密码', '請輸入密碼', 'Bitte Passwort eingeben', 'パスワードを入力してください'),
  password_weak: e(1104, 'The password must be 8 to 64 characters with at least one letter and one digit', '密码须为8至64位，且至少包含一个字母和一个数字', '密碼須為8至64位，且至少包含一個字母和一個數字', 'Das Passwort muss 8 bis 64 Zeichen lang sein und mindestens einen Buchstaben und eine Ziffer enthalten', 'パスワードは8〜64文字で、英字と数字をそれぞれ1文字以上含めてください'),
  confirm_password_required: e(1105, 'Please enter confirm password', '请输入确认密码', '請輸入確認密碼', 'Bitte Passwort bestätigen', '確認用パスワードを入力してください'),
  password_mismatch: e(1106, 'The two passwords differ', '两次输入的密码不一致', '兩次輸入的密碼不一致', 'Die beiden Passwörter stimmen nicht überein', '2つのパスワードが一致しません'),
  code_required: e(1107, 'Please enter the email code', '请输入邮箱验证码', '請輸入郵箱驗證碼', 'Bitte den E-Mail-Code eingeben', 'メール認証コードを入力してください'),
  code_format: e(1108, 'The email code is 6 digits', '邮箱验证码为6位数字', '郵箱驗證碼為6位數字', 'Der E-Mail-Code besteht aus 6 Ziffern', 'メール認証コードは6桁の数字です'),
  invite_required: e(1109, 'Invitation code cannot be empty', '邀请码不能为空', '邀請碼不能為空', 'Der Einladungscode darf nicht leer sein', '招待コードを入力してください'),
  nickname_required: e(1110, 'Please enter nickname', '请输入昵称', '請輸入暱稱', 'Bitte Spitznamen eingeben', 'ニックネームを入力してください'),
  nickname_too_long: e(1111, 'The nickname may have at most 32 characters', '昵称最多32个字符', '暱稱最多32個字元', 'Der Spitzname darf höchstens 32 Zeichen haben', 'ニックネームは32文字以内にしてください'),
  account_required: e(1112, 'Please enter account', '请输入账号', '請輸入帳號', 'Bitte Konto eingeben', 'アカウントを入力してください'),
  old_password_required: e(1113, 'Please enter the current password', '请输入原密码', '請輸入原密碼', 'Bitte aktuelles Passwort eingeben', '現在のパスワードを入力してください'),
  password_same: e(1114, 'The new password must differ from the current one', '新密码不能与原密码相同', '新密碼不能與原密碼相同', 'Das neue Passwort muss sich vom aktuellen unterscheiden', '新しいパスワードは現在のパスワードと異なるものにしてください'),
  phone_required: e(1115, 'Please enter phone number', '请输入手机号', '請輸入手機號', 'Bitte Telefonnummer eingeben', '電話番号を入力してください'),
  phone_format: e(1116, 'phone format error', '手机号格式错误', '手機號格式錯誤', 'Ungültiges Telefonnummernformat', '電話番号の形式が正しくありません'),
  amount_required: e(1117, 'Please enter amount', '请输入金额', '請輸入金額', 'Bitte Betrag eingeben', '金額を入力してください'),
  amount_format: e(1118, 'Enter an amount greater than 0 with at most 2 decimals', '请输入大于0且最多两位小数的金额', '請輸入大於0且最多兩位小數的金額', 'Bitte einen Betrag größer als 0 mit höchstens 2 Nachkommastellen eingeben', '0より大きく、小数点以下2桁までの金額を入力してください'),
  quantity_required: e(1119, 'Please enter quantity', '请输入数量', '請輸入數量', 'Bitte Menge eingeben', '数量を入力してください'),
  credentials_required: e(1120, 'Please upload the credentials', '请上传凭证', '請上傳憑證', 'Bitte den Nachweis hochladen', '証明画像をアップロードしてください'),
  interest_id_required: e(1121, 'Please choose an interest product', '请选择理财产品', '請選擇理財產品', 'Bitte ein Zinsprodukt wählen', '利息商品を選択してください'),
  interest_amount_required: e(1122, 'Please enter the interest amount', '请输入理财金额', '請輸入理財金額', 'Bitte den Anlagebetrag eingeben', '運用金額を入力してください'),
  invalid_value: e(1123, 'A field has an invalid value', '字段取值无效', '欄位取值無效', 'Ein Feld hat einen ungültigen Wert', '入力値が正しくありません'),
  page_invalid: e(1124, 'Invalid page or page size', '页码或每页条数无效', '頁碼或每頁條數無效', 'Ungültige Seite oder Seitengröße', 'ページ番号または件数が正しくありません'),
  // accounts
  code_wrong: e(1200, 'The email code is wrong', '邮箱验证码错误', '郵箱驗證碼錯誤', 'Der E-Mail-Code ist falsch', 'メール認証コードが正しくありません'),
  code_expired: e(1201, 'The email code has expired or was not requested, please get a new one', '验证码已失效或未获取，请重新获取', '驗證碼已失效或未獲取，請重新獲取', 'Der E-Mail-Code ist abgelaufen oder wurde nicht angefordert, bitte einen neuen anfordern', '認証コードが無効です。新しいコードを取得してください'),
  code_resend_wait: e(1202, 'Please wait {seconds} s before requesting a new code', '请在{seconds}秒后再获取验证码', '請在{seconds}秒後再獲取驗證碼', 'Bitte warten Sie {seconds} s, bevor Sie einen neuen Code anfordern', '{seconds}秒後に再度コードを取得してください'),
  email_taken: e(1203, 'This email is already registered', '该邮箱已注册', '該郵箱已註冊', 'Diese E-Mail-Adresse ist bereits registriert', 'このメールアドレスは既に登録されています'),
  invite_unknown: e(1204, 'This invitation code does not exist', '邀请码不存在', '邀請碼不存在', 'Diesen Einladungscode gibt es nicht', 'この招待コードは存在しません'),
  login_failed: e(1205, 'Wrong email or password', '邮箱或密码错误', '郵箱或密碼錯誤', 'E-Mail-Adresse oder Passwort falsch', 'メールアドレスまたはパスワードが正しくありません'),
  old_password_wrong: e(1206, 'The current password is wrong', '原密码错误', '原密碼錯誤', 'Das aktuelle Passwort ist falsch', '現在のパスワードが正しくありません'),
  account_frozen: e(1207, 'This account is frozen, please contact customer service', '该账户已冻结，请联系客服', '該帳戶已凍結，請聯繫客服', 'Dieses Konto ist gesperrt, bitte wenden Sie sich an den Kundendienst', 'このアカウントは凍結されています。カスタマーサービスにお問い合わせください'),
  email_unknown: e(1208, 'No account uses this email', '该邮箱未注册', '該郵箱未註冊', 'Zu dieser E-Mail-Adresse gibt es kein Konto', 'このメールアドレスは登録されていません'),
  code_burned: e(1209, 'Too many wrong tries, please get a new code', '错误次数过多，请重新获取验证码', '錯誤次數過多，請重新獲取驗證碼', 'Zu viele Fehlversuche, bitte einen neuen Code anfordern', '誤りが多すぎます。新しいコードを取得してください'),
  // money (issue 3)
  insufficient_balance: e(1400, 'Your available balance is not enough', '可用余额不足', '可用餘額不足', 'Ihr verfügbares Guthaben reicht nicht aus', '利用可能残高が不足しています'),
  amount_too_small: e(1401, 'The amount must be at least {min} USDT', '金额不能低于 {min} USDT', '金額不能低於 {min} USDT', 'Der Betrag muss mindestens {min} USDT sein', '金額は {min} USDT 以上にしてください'),
  amount_too_large: e(1402, 'The amount may be at most {max} USDT', '金额不能超过 {max} USDT', '金額不能超過 {max} USDT', 'Der Betrag darf höchstens {max} USDT sein', '金額は {max} USDT 以下にしてください'),
  no_payout_account: e(1403, 'Please bind a payout account first', '请先绑定收款账户', '請先綁定收款帳戶', 'Bitte zuerst ein Auszahlungskonto verknüpfen', '先に受取口座を登録してください'),
  withdraw_locked: e(1404, 'Withdrawals are paused for 24 hours after a password change; try again in {hours} h', '修改密码后24小时内不能提现，请在 {hours} 小时后再试', '修改密碼後24小時內不能提現，請在 {hours} 小時後再試', 'Nach einer Passwortänderung sind Auszahlungen 24 Stunden gesperrt; bitte in {hours} h erneut versuchen', 'パスワード変更後24時間は出金できません。{hours}時間後にお試しください'),
  record_not_found: e(1405, 'This record does not exist', '该记录不存在', '該記錄不存在', 'Diesen Eintrag gibt es nicht', 'この記録は存在しません'),
  state_conflict: e(1406, 'This item has already been handled', '该记录已被处理', '該記錄已被處理', 'Dieser Vorgang wurde bereits bearbeitet', 'この項目は既に処理されています'),
  network_unavailable: e(1407, 'This network is not available for recharge', '该网络暂不支持充值', '該網路暫不支援充值', 'Dieses Netzwerk ist für Aufladungen nicht verfügbar', 'このネットワークは入金に利用できません'),
  upload_type: e(1408, 'Please upload a JPEG, PNG or WebP image', '请上传 JPEG、PNG 或 WebP 图片', '請上傳 JPEG、PNG 或 WebP 圖片', 'Bitte ein JPEG-, PNG- oder WebP-Bild hochladen', 'JPEG、PNG、WebP 形式の画像をアップロードしてください'),
  upload_too_large: e(1409, 'The image may be at most 5 MB', '图片不能超过 5 MB', '圖片不能超過 5 MB', 'Das Bild darf höchstens 5 MB groß sein', '画像は5MB以下にしてください'),
  iban_format: e(1410, 'IBAN format error', 'IBAN 格式错误', 'IBAN 格式錯誤', 'Ungültige IBAN', 'IBAN の形式が正しくありません'),
  swift_format: e(1411, 'SWIFT/BIC format error', 'SWIFT/BIC 格式错误', 'SWIFT/BIC 格式錯誤', 'Ungültiger SWIFT/BIC-Code', 'SWIFT/BIC の形式が正しくありません'),
  tx_hash_format: e(1412, 'The transaction hash has an invalid format', '交易哈希格式错误', '交易雜湊格式錯誤', 'Der Transaktions-Hash hat ein ungültiges Format', 'トランザクションハッシュの形式が正しくありません'),
  reason_required: e(1413, 'Please enter a reason', '请输入原因', '請輸入原因', 'Bitte einen Grund angeben', '理由を入力してください'),
  reference_required: e(1414, 'Please enter the payout reference', '请输入打款凭证号', '請輸入打款憑證號', 'Bitte die Auszahlungsreferenz angeben', '送金の参照番号を入力してください'),
  address_format: e(1415, 'Please enter a valid receiving address', '请输入有效的收款地址', '請輸入有效的收款地址', 'Bitte eine gültige Empfangsadresse eingeben', '有効な受取アドレスを入力してください'),
  address_type_taken: e(1416, 'This network already has a receiving address', '该网络已有收款地址', '該網路已有收款地址', 'Für dieses Netzwerk gibt es bereits eine Empfangsadresse', 'このネットワークには既に受取アドレスがあります'),
  // operators
  totp_required: e(1300, 'Please enter the 6-digit authenticator code', '请输入6位动态验证码', '請輸入6位動態驗證碼', 'Bitte den 6-stelligen Authenticator-Code eingeben', '6桁の認証アプリのコードを入力してください'),
  operator_login_failed: e(1301, 'Wrong email, password or authenticator code', '邮箱、密码或动态验证码错误', '郵箱、密碼或動態驗證碼錯誤', 'E-Mail, Passwort oder Authenticator-Code falsch', 'メールアドレス、パスワード、または認証コードが正しくありません'),
  forbidden: e(1302, 'Your role may not do this', '您的角色无权执行此操作', '您的角色無權執行此操作', 'Ihre Rolle darf das nicht', 'この操作を行う権限がありません'),
  operator_exists: e(1303, 'An operator with this email already exists', '该邮箱的操作员已存在', '該郵箱的操作員已存在', 'Ein Operator mit dieser E-Mail-Adresse existiert bereits', 'このメールアドレスのオペレーターは既に存在します'),
  invite_code_taken: e(1304, 'This invitation code is already in use', '该邀请码已被使用', '該邀請碼已被使用', 'Dieser Einladungscode wird bereits verwendet', 'この招待コードは既に使われています'),
  url_format: e(1305, 'Please enter a full http(s) address', '请输入完整的 http(s) 地址', '請輸入完整的 http(s) 位址', 'Bitte eine vollständige http(s)-Adresse eingeben', 'http(s) から始まる完全なアドレスを入力してください'),
} as const satisfies Record<string, Entry>;

export type ErrorKey = keyof typeof ERRORS;

export function isErrorKey(key: unknown): key is ErrorKey {
  return typeof key === 'string' && Object.hasOwn(ERRORS, key);
}

export function errorCode(key: ErrorKey): number {
  return ERRORS[key].code;
}

export function errorMessage(key: ErrorKey, lang: Lang = DEFAULT_LANG, params: Record<string, string | number> = {}): string {
  const text = ERRORS[key].texts[lang] ?? ERRORS[key].texts[DEFAULT_LANG];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** All messages of one language keyed by error key, for the apps' i18n resources (namespace `errors`). */
export function errorTexts(lang: Lang): Record<ErrorKey, string> {
  const out = {} as Record<ErrorKey, string>;
  for (const key of Object.keys(ERRORS) as ErrorKey[]) out[key] = ERRORS[key].texts[lang].replace(/\{(\w+)\}/g, '{{$1}}');
  return out;
}
