import { DEFAULT_LANG, type Lang } from './lang.js';

/**
 * The numbered error catalogue of the wire contract (DESIGN §2). Keys are stable identifiers used by
 * schemas, services and the apps; codes are stable numbers on the wire. The messages live per language in
 * `errors/<lang>.ts`: the server holds all five (`error-messages.ts`), an app loads only the one it shows.
 */
export const ERROR_CODES = {
  // session and transport
  unauthorized: -1,
  bad_request: 1000,
  not_found: 1001,
  payload_too_large: 1002,
  internal: 1003,
  rate_limited: 1004,
  rate_limited_wait: 1005,
  /** the server is shutting down (HTTP 503): the client retries, a load balancer sends it elsewhere */
  unavailable: 1006,
  // validation (spec §5)
  fields_required: 1100,
  email_required: 1101,
  email_format: 1102,
  password_required: 1103,
  password_weak: 1104,
  confirm_password_required: 1105,
  password_mismatch: 1106,
  code_required: 1107,
  code_format: 1108,
  invite_required: 1109,
  nickname_required: 1110,
  nickname_too_long: 1111,
  old_password_required: 1113,
  password_same: 1114,
  phone_required: 1115,
  phone_format: 1116,
  amount_required: 1117,
  amount_format: 1118,
  credentials_required: 1120,
  invalid_value: 1123,
  page_invalid: 1124,
  amount_too_big: 1125,
  price_too_big: 1126,
  // accounts
  code_wrong: 1200,
  code_expired: 1201,
  code_resend_wait: 1202,
  email_taken: 1203,
  invite_unknown: 1204,
  login_failed: 1205,
  old_password_wrong: 1206,
  account_frozen: 1207,
  code_burned: 1209,
  // money
  insufficient_balance: 1400,
  amount_too_small: 1401,
  amount_too_large: 1402,
  no_payout_account: 1403,
  withdraw_locked: 1404,
  record_not_found: 1405,
  state_conflict: 1406,
  network_unavailable: 1407,
  upload_type: 1408,
  upload_too_large: 1409,
  iban_format: 1410,
  swift_format: 1411,
  tx_hash_format: 1412,
  reason_required: 1413,
  reference_required: 1414,
  address_format: 1415,
  address_type_taken: 1416,
  upload_used: 1417,
  // payout accounts
  payout_accounts_limit: 1430,
  payout_account_pending: 1431,
  // selling to merchants
  merchant_inactive: 1440,
  merchant_quantity_short: 1441,
  payout_kind_not_accepted: 1442,
  merchant_offer_changed: 1443,
  // trading between customers
  listing_not_open: 1450,
  listing_own: 1451,
  listing_quantity_short: 1452,
  listing_has_trades: 1453,
  trade_cancel_limit: 1454,
  trade_pay_expired: 1455,
  trade_state_changed: 1456,
  trade_buyer_only: 1457,
  trade_seller_only: 1458,
  listing_max_over_quantity: 1459,
  listing_changed: 1463,
  // trade chat and disputes
  chat_closed: 1465,
  trade_not_disputed: 1466,
  chat_image_used: 1467,
  // team and customer service
  kefu_link_format: 1480,
  kefu_channel_unknown: 1481,
  team_level_invalid: 1482,
  // operators
  totp_required: 1300,
  operator_login_failed: 1301,
  forbidden: 1302,
  operator_exists: 1303,
  invite_code_taken: 1304,
  url_format: 1305,
  checkpoint_format: 1306,
  // interest wallet
  interest_id_required: 1470,
  interest_amount_required: 1471,
  interest_product_inactive: 1472,
  interest_quota_short: 1473,
  interest_rate_format: 1474,
  interest_days_format: 1475,
  interest_too_large: 1476,
  /** an operator changed the product (its rate, days or limits) between the subscription's reading and its quota */
  interest_product_changed: 1477,
  // customers and operator management
  customer_frozen_already: 1490,
  customer_not_frozen: 1491,
  customer_closed: 1492,
  adjust_amount_format: 1493,
  adjust_below_zero: 1494,
  operator_self: 1495,
  operator_last_owner: 1496,
  operator_disabled_already: 1497,
  operator_active_already: 1498,
  // VIP levels
  vip_daily_limit: 1460,
  vip_levels_invalid: 1461,
  vip_level_unknown: 1462,
  // proof of liabilities
  proof_none: 1520,
  proof_not_included: 1521,
  proof_ledger_mismatch: 1522,
  proof_pruned: 1523,
  // two-factor for customers
  totp_code_required: 1500,
  totp_invalid: 1501,
  totp_on_already: 1502,
  totp_off_already: 1503,
  totp_setup_first: 1504,
  // safer mail and sessions
  payout_account_cooling: 1540,
  anti_phishing_format: 1541,
  session_link_invalid: 1542,
  // sign-in and codes
  code_mail_cap: 1210,
  // trading limits
  trade_unpaid_limit: 1600,
  trade_cancel_limit_near: 1601,
  sale_no_payout_account: 1602,
  // forms and validation
  iban_bound_already: 1630,
  price_zero: 1631,
  price_decimals: 1632,
  price_format: 1633,
} as const satisfies Record<string, number>;

export type ErrorKey = keyof typeof ERROR_CODES;
/** Every message of one language, keyed by error key; `{name}` placeholders. */
export type ErrorTexts = Record<ErrorKey, string>;

export function isErrorKey(key: unknown): key is ErrorKey {
  return typeof key === 'string' && Object.hasOwn(ERROR_CODES, key);
}

export function errorCode(key: ErrorKey): number {
  return ERROR_CODES[key];
}

/** Fills `{name}` placeholders; an unknown name stays as it is. */
export function fillPlaceholders(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

// One chunk per language in the apps' builds, loaded on demand.
const loaders: Record<Lang, () => Promise<{ default: ErrorTexts }>> = {
  en: () => import('./errors/en.js'),
  'zh-Hans': () => import('./errors/zh-Hans.js'),
  'zh-Hant': () => import('./errors/zh-Hant.js'),
  de: () => import('./errors/de.js'),
  ja: () => import('./errors/ja.js'),
};

/** The messages of one language, loaded on demand (an app downloads only the language it shows). */
export async function loadErrorTexts(lang: Lang): Promise<ErrorTexts> {
  return (await (loaders[lang] ?? loaders[DEFAULT_LANG])()).default;
}

/** The same messages with i18next's `{{name}}` placeholders, for the apps' i18n namespace `errors`. */
export function i18nextTexts(texts: ErrorTexts): ErrorTexts {
  const out = {} as ErrorTexts;
  for (const key of Object.keys(texts) as ErrorKey[]) out[key] = texts[key].replace(/\{(\w+)\}/g, '{{$1}}');
  return out;
}
