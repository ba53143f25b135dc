import { z } from 'zod';
import { isValidIban, SWIFT_RE } from './banking.js';
import { CODE_LENGTH, NICKNAME_MAX, OPERATOR_ROLES, PAGE_SIZE_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants.js';
import type { ErrorKey } from './errors.js';
import { INTEREST_DAYS_MAX, parseRate } from './interest.js';
import { LANGS } from './lang.js';
import { AMOUNT_ENTRY_RE, amountEntryIssue, fitsLedger, formatAmount, parseAmount } from './money.js';
import { normalizePhone } from './phone.js';

/**
 * Request schemas of every call (their answers' shapes are in answers.ts, both paired per path in contract.ts).
 * Request fields arrive form-encoded, so every value is a string or absent.
 * Each issue's message is an error-catalogue key: the server answers it localized, the apps show it
 * through their i18n `errors` namespace. Fields are checked in declaration order; the first failing
 * field decides the message.
 */
const err = (key: ErrorKey) => ({ error: key });

/** A price (fiat per USDT) has at most 9 digits before its decimal point: 999,999,999 of any currency for one USDT. */
const PRICE_WHOLE_DIGITS = 9;

const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d).+$/;

/**
 * Control characters (C0 including NUL, DEL, C1) and UTF-16 surrogates that are not part of a pair. No text field
 * takes them: PostgreSQL cannot store a NUL byte at all, a lone surrogate is silently mangled on the way to UTF-8, and
 * the rest only hide text from the people who read it. (No field is multi-line today, so no whitespace control is
 * allowed inside a value either; trimming drops it at the ends.) `\p{Cc}` is exactly C0, DEL and C1; with the `u` flag a
 * surrogate pair reads as one code point, so `\p{Cs}` matches only a lone half.
 */
const UNSAFE_TEXT_RE = /[\p{Cc}\p{Cs}]/u;

/**
 * The one builder of a text field: a string, trimmed, at most `max` UTF-16 units, without control characters or lone
 * surrogates (`invalid_value`). `required` names the message of an absent or empty value; without it the value may be
 * empty (add `.optional()` when it may be absent). `tooLong` names the message of a value over `max`.
 */
export function textField(opts: { max: number; required?: ErrorKey; tooLong?: ErrorKey }) {
  const trimmed = z.string(err(opts.required ?? 'invalid_value')).trim();
  return (opts.required ? trimmed.min(1, err(opts.required)) : trimmed)
    .max(opts.max, err(opts.tooLong ?? 'invalid_value'))
    .refine((s) => !UNSAFE_TEXT_RE.test(s), err('invalid_value'));
}

/** Row ids are PostgreSQL `integer` (SQLite takes the same range): an id outside it cannot name a row. */
export const ID_MAX = 2 ** 31 - 1;

const isBlank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The one builder of an id field: a JSON integer or a decimal string (form-encoded bodies) in 1..ID_MAX; anything else
 * (another type, a fraction, an exponent, a sign, a number past the column) is `invalid_value`. `missing` names the
 * message of an absent or empty value.
 */
export function idField(missing: ErrorKey = 'invalid_value') {
  const bad = err('invalid_value');
  return z.union(
    [
      z.number(bad).int(bad).min(1, bad).max(ID_MAX, bad),
      z
        .string(bad)
        .trim()
        .min(1, err(missing))
        .regex(/^\d{1,10}$/, bad)
        .transform(Number)
        .pipe(z.number().min(1, bad).max(ID_MAX, bad)),
    ],
    { error: (issue) => (isBlank(issue.input) ? missing : 'invalid_value') },
  );
}

/** A per-order minimum above the maximum is refused at the minimum, naming the maximum its message asks for. */
function minNotAboveMax(v: { min: bigint; max: bigint }, ctx: z.RefinementCtx) {
  // also run when another field failed: then either may still be the raw input, and nothing is compared
  if (typeof v.min === 'bigint' && typeof v.max === 'bigint' && v.min > v.max)
    ctx.addIssue({ code: 'custom', path: ['min'], message: 'amount_too_large', params: { max: formatAmount(v.max) } });
}

const required = (key: ErrorKey, max: number, tooLong?: ErrorKey) => textField({ max, required: key, tooLong });

const emailField = required('email_required', 254, 'email_format')
  .regex(EMAIL_RE, err('email_format'))
  .transform((s) => s.toLowerCase());
const newPasswordField = z
  .string(err('password_required'))
  .min(1, err('password_required'))
  .min(PASSWORD_MIN, err('password_weak'))
  .max(PASSWORD_MAX, err('password_weak'))
  .regex(PASSWORD_RE, err('password_weak'));
const confirmPasswordField = z.string(err('confirm_password_required')).min(1, err('confirm_password_required'));
const codeField = required('code_required', 64, 'code_format').regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), err('code_format'));
const inviteCodeField = required('invite_required', 32, 'invite_unknown');

const samePasswords = <T extends { password: string; confirm_password: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.confirm_password)
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'password_mismatch' });
};

const CODE_SCENES = ['register', 'forget'] as const;
export const sendCodeRequest = z.object({
  email: emailField,
  scene: z.enum(CODE_SCENES, err('invalid_value')).default('register'),
});

export const registerRequest = z
  .object({
    email: emailField,
    code: codeField,
    password: newPasswordField,
    confirm_password: confirmPasswordField,
    invite_code: inviteCodeField,
  })
  .superRefine(samePasswords);

/** A TOTP code (6 digits) or a recovery code (10 letters and digits, in two groups of 5). */
export const TOTP_CODE_RE = /^\d{6}$/;
export const RECOVERY_CODE_RE = /^[A-Z2-9]{5}-[A-Z2-9]{5}$/;

/**
 * A second factor as typed: an authenticator's 6 digits or a recovery code (`ABCDE-FGHJK`; spaces, case and a missing
 * dash forgiven). Anything else is `totp_invalid`; an absent or empty value is `undefined` (the call then answers
 * `totp_code_required` when the customer has two-factor on).
 */
const normalizeTotp = (v: string) => {
  const c = v.replace(/[\s-]/g, '').toUpperCase();
  return c.length === 10 ? `${c.slice(0, 5)}-${c.slice(5)}` : c;
};
const isTotpOrRecovery = (v: string) => TOTP_CODE_RE.test(v) || RECOVERY_CODE_RE.test(v);
const totpField = z
  .string(err('totp_invalid'))
  .max(32, err('totp_invalid'))
  .transform(normalizeTotp)
  .refine((v) => v === '' || isTotpOrRecovery(v), err('totp_invalid'))
  .transform((v) => v || undefined)
  .optional();
/** Calls that need a fresh second factor once the customer has two-factor on. */
const secondFactor = { totp: totpField };

export const loginRequest = z.object({
  email: emailField,
  password: z.string(err('password_required')).min(1, err('password_required')).max(PASSWORD_MAX, err('login_failed')),
  ...secondFactor,
});

export const totpEnableRequest = z.object({
  code: required('totp_code_required', 16, 'totp_invalid').regex(TOTP_CODE_RE, err('totp_invalid')),
});
/** Turning two-factor off takes either kind of code, like every call it guards. */
export const totpDisableRequest = z.object({
  code: required('totp_code_required', 32, 'totp_invalid').transform(normalizeTotp).refine(isTotpOrRecovery, err('totp_invalid')),
});

export const forgetRequest = z
  .object({
    email: emailField,
    code: codeField,
    password: newPasswordField,
    confirm_password: confirmPasswordField,
  })
  .superRefine(samePasswords);

export const changePasswordRequest = z
  .object({
    old_password: z.string(err('old_password_required')).min(1, err('old_password_required')),
    password: newPasswordField,
    confirm_password: confirmPasswordField,
  })
  .superRefine(samePasswords)
  .superRefine((v, ctx) => {
    if (v.old_password === v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'password_same' });
  });

export const saveUserInfoRequest = z.object({
  nickname: required('nickname_required', NICKNAME_MAX, 'nickname_too_long'),
});

/** The account's language (mails are written in it): one of the five the app offers, exactly. */
export const setLangRequest = z.object({
  lang: z.enum(LANGS, err('invalid_value')),
});

export const pagingRequest = z.object({
  page: z.coerce.number(err('page_invalid')).int(err('page_invalid')).min(1, err('page_invalid')).default(1),
  page_size: z.coerce
    .number(err('page_invalid'))
    .int(err('page_invalid'))
    .min(1, err('page_invalid'))
    .max(PAGE_SIZE_MAX, err('page_invalid'))
    .default(20),
});

export const emptyRequest = z.object({});

// ---- operator API ----

const operatorRoleSchema = z.enum(OPERATOR_ROLES, err('invalid_value'));

export const adminLoginRequest = z.object({
  email: emailField,
  password: z.string(err('password_required')).min(1, err('password_required')).max(PASSWORD_MAX, err('operator_login_failed')),
  totp: required('totp_required', 6).regex(/^\d{6}$/, err('totp_required')),
});

export const operatorCreateRequest = z.object({
  email: emailField,
  name: required('fields_required', 64),
  role: operatorRoleSchema,
  password: newPasswordField,
});
const keywordField = textField({ max: 100 }).optional();
export const auditListRequest = pagingRequest.extend({ keyword: keywordField });
/** `id:hash` of an audit entry, as `audit/checkpoint` answers it and the server log prints it. */
export const AUDIT_CHECKPOINT_RE = /^\d{1,15}:[0-9a-f]{64}$/;
export const auditVerifyRequest = z.object({
  /** a checkpoint kept outside the system; blank = none */
  checkpoint: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().toLowerCase().regex(AUDIT_CHECKPOINT_RE, err('checkpoint_format')).optional(),
  ),
});

const urlField = textField({ max: 500, tooLong: 'url_format' }).refine(
  (s) => s === '' || /^https?:\/\/\S+$/i.test(s),
  err('url_format'),
);

const limitField = required('amount_required', 18, 'amount_format')
  .regex(AMOUNT_ENTRY_RE, err('amount_format'))
  .refine(fitsLedger, err('amount_too_big'));
export const settingsSchema = z
  .object({
    app_name: required('fields_required', 40),
    logo: urlField,
    kf_url: urlField,
    app_url: urlField,
    recharge_min: limitField,
    recharge_max: limitField,
    withdraw_min: limitField,
    withdraw_max: limitField,
  })
  .superRefine((v, ctx) => {
    for (const [min, max] of [
      ['recharge_min', 'recharge_max'],
      ['withdraw_min', 'withdraw_max'],
    ] as const) {
      if ((parseAmount(v[min]) ?? 0n) > (parseAmount(v[max]) ?? 0n))
        ctx.addIssue({ code: 'custom', path: [max], message: 'invalid_value' });
    }
  });
export type Settings = z.infer<typeof settingsSchema>;
const INVITE_CODE_RE = /^[A-Z0-9]{4,16}$/;
export const inviteCodeCreateRequest = z.object({
  code: required('invite_required', 16)
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(INVITE_CODE_RE, err('invalid_value'))),
});
export const inviteCodeUpdateRequest = z.object({
  code: required('invite_required', 32).transform((s) => s.toUpperCase()),
  active: z.enum(['true', 'false', '1', '0'], err('invalid_value')).transform((s) => s === 'true' || s === '1'),
});

// ---- money: recharge, payout accounts, withdrawals, assets ----

/**
 * A user-entered amount: > 0 with at most 2 decimals, parsed once at the wire boundary into bigint micro-units
 * (services receive bigint; the apps validate with it and send what the user typed).
 */
const amountField = required('amount_required', 18, 'amount_format')
  .regex(AMOUNT_ENTRY_RE, err('amount_format'))
  .superRefine((s, ctx) => {
    const issue = amountEntryIssue(s);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  })
  .transform((s) => parseAmount(s) as bigint);

const requestIdField = textField({ max: 64 })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, err('invalid_value'))
  .optional();

export const RECHARGE_STATUSES = ['auditing', 'completed', 'rejected'] as const;
export type ReviewStatus = (typeof RECHARGE_STATUSES)[number];

export const receivingAddressRequest = z.object({ type: textField({ max: 16 }).optional() });
/** Multipart: the image in field `file`. */
export const uploadRequest = z.object({ file: z.file() });
export const rechargeCreateRequest = z.object({
  type: required('network_unavailable', 16, 'network_unavailable'),
  amount: amountField,
  image: required('credentials_required', 100, 'credentials_required').regex(
    /^\/uploads\/[a-f0-9]{32}\.(jpg|png|webp)$/,
    err('credentials_required'),
  ),
  tx_hash: textField({ max: 100, tooLong: 'tx_hash_format' })
    .regex(/^[A-Za-z0-9]*$/, err('tx_hash_format'))
    .optional(),
  request_id: requestIdField,
});

export const PAYOUT_TYPES = ['bank', 'wise'] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];
const text = (max: number) => required('fields_required', max);
/** A phone number any bank or Wise can call, stored in E.164 (+4915123456789); see normalizePhone. */
const toE164 = (s: string, ctx: z.RefinementCtx) => {
  const e164 = normalizePhone(s);
  if (e164) return e164;
  ctx.addIssue({ code: 'custom', message: 'phone_format' });
  return z.NEVER;
};
const phoneField = required('phone_required', 32, 'phone_format').transform(toE164);
/** Wise asks for no phone: empty stays empty, anything else must be a phone number. */
const optionalPhoneField = textField({ max: 32, tooLong: 'phone_format' })
  .default('')
  .transform((s, ctx) => (s === '' ? '' : toE164(s, ctx)));

export const bankAccountRequest = z.object({
  type: z.literal('bank', err('invalid_value')),
  full_name: text(100),
  name: text(50),
  surname: text(50),
  phone: phoneField,
  email: emailField,
  area: text(50),
  country: text(50),
  iban: required('fields_required', 64, 'iban_format')
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().refine(isValidIban, err('iban_format'))),
  bank_name: text(100),
  swift: required('fields_required', 11, 'swift_format')
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(SWIFT_RE, err('swift_format'))),
  address: text(200),
  city: text(80),
  state: text(80),
});
export const wiseAccountRequest = z.object({
  type: z.literal('wise', err('invalid_value')),
  full_name: text(100),
  email: emailField,
  country: text(50),
  phone: optionalPhoneField,
});
export const bankinfoCreateRequest = z.discriminatedUnion(
  'type',
  [bankAccountRequest.extend(secondFactor), wiseAccountRequest.extend(secondFactor)],
  err('invalid_value'),
);
/** An edit sends the whole account again (the form is prefilled); the kind of account cannot change. */
export const bankinfoUpdateRequest = z.discriminatedUnion(
  'type',
  [
    bankAccountRequest.extend({ bk_id: idField(), ...secondFactor }),
    wiseAccountRequest.extend({ bk_id: idField(), ...secondFactor }),
  ],
  err('invalid_value'),
);
export const bankinfoDeleteRequest = z.object({ bk_id: idField(), ...secondFactor });

export const bankinfoListRequest = z.object({ type: z.enum(PAYOUT_TYPES, err('invalid_value')).optional() });
export const bankinfoDetailRequest = z.object({ type: z.enum(PAYOUT_TYPES, err('invalid_value')).optional(), bk_id: idField() });

export const withdrawCreateRequest = z.object({
  bk_id: idField('no_payout_account'),
  amount: amountField,
  request_id: requestIdField,
  ...secondFactor,
});

// operator side
export const reviewListRequest = pagingRequest.extend({
  status: z.enum(RECHARGE_STATUSES, err('invalid_value')).optional(),
  keyword: keywordField,
});
export const approveRequest = z.object({ id: idField() });
export const rejectRequest = z.object({ id: idField(), reason: required('reason_required', 200) });
export const withdrawApproveRequest = z.object({
  id: idField(),
  reference: required('reference_required', 100),
});
export const addressCreateRequest = z.object({
  type: required('fields_required', 16)
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{2,16}$/, err('invalid_value'))),
  address: required('address_format', 100, 'address_format').regex(/^[A-Za-z0-9]{20,100}$/, err('address_format')),
});
/** Changes the address, switches it on or off, or both: an update that names neither changes nothing and is refused. */
export const addressUpdateRequest = z
  .object({
    id: idField(),
    address: addressCreateRequest.shape.address.optional(),
    active: z
      .enum(['true', 'false', '1', '0'], err('invalid_value'))
      .transform((s) => s === 'true' || s === '1')
      .optional(),
  })
  .refine((v) => v.address !== undefined || v.active !== undefined, err('fields_required'));

// ---- selling to merchants ----

/**
 * A unit price in fiat per USDT: > 0 with at most 6 decimals, parsed into micro-units of the currency. Each way it can
 * be wrong has its own message, so the form says what to change.
 */
const priceField = required('fields_required', 22, 'price_too_big')
  .regex(/^\d+(\.\d+)?$/, err('price_format'))
  .refine((s) => /[1-9]/.test(s), err('price_zero'))
  .refine((s) => (s.split('.')[1] ?? '').length <= 6, err('price_decimals'))
  .refine((s) => (s.split('.')[0] ?? '').length <= PRICE_WHOLE_DIGITS, err('price_too_big'))
  .transform((s) => parseAmount(s, 6) as bigint);
const currencyField = required('fields_required', 3, 'invalid_value')
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, err('invalid_value')));
/** The payout kinds a merchant pays to: at least one, each once. */
const methodsField = z
  .array(z.enum(PAYOUT_TYPES, err('invalid_value')), err('invalid_value'))
  .min(1, err('fields_required'))
  .transform((a) => PAYOUT_TYPES.filter((t) => a.includes(t)));
const activeField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], err('invalid_value'))
  .transform((v) => (typeof v === 'boolean' ? v : v === 'true' || v === '1'));
const merchantFields = z.object({
  name: required('fields_required', 64),
  price: priceField,
  currency: currencyField,
  quantity: amountField,
  min: amountField,
  max: amountField,
  methods: methodsField,
});
export const merchantCreateRequest = merchantFields.extend({ active: activeField.default(true) }).superRefine(minNotAboveMax);
/** Changes some fields of an offer: the service checks min <= max against what it keeps. */
export const merchantUpdateRequest = merchantFields
  .partial()
  .extend({ id: idField(), active: activeField.optional() })
  .refine((v) => Object.keys(v).some((k) => k !== 'id'), err('fields_required'));
export const saleuCreateRequest = z.object({
  saleu_id: idField('record_not_found'),
  number: amountField,
  /** the payout account; blank or absent: the server picks the customer's usable one of a kind the merchant pays to */
  bk_id: z.preprocess((v) => (isBlank(v) ? undefined : v), idField('no_payout_account').optional()),
  request_id: requestIdField,
  ...secondFactor,
});

// ---- customer to customer ----

export const LISTING_STATUSES = ['open', 'closed'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const TRADE_STATUSES = ['awaiting_payment', 'paid', 'completed', 'cancelled', 'expired', 'disputed'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];
/** The states of a trade not finished: its quantity is still in the seller's escrow, bound to it. */
export const UNFINISHED_TRADE_STATUSES = ['awaiting_payment', 'paid', 'disputed'] as const satisfies readonly TradeStatus[];
/** The payment windows a seller may choose, in minutes (the first is the default). */
export const PAYMENT_WINDOWS = [15, 30, 60] as const;
export const TRADE_OUTCOMES = ['release', 'refund'] as const;
export type TradeOutcome = (typeof TRADE_OUTCOMES)[number];
/** A chat message's text: one line or several, at most 500 characters. */
export const CHAT_TEXT_MAX = 500;

const flagField = z.enum(['1', '0', 'true', 'false'], err('invalid_value')).transform((v) => v === '1' || v === 'true');
/** A stored upload's url (`attach/upload`), used by one record only. */
const uploadUrlField = (missing: ErrorKey) =>
  required(missing, 100, 'invalid_value').regex(/^\/uploads\/[a-f0-9]{32}\.(jpg|png|webp)$/, err('invalid_value'));

export const sellingCreateRequest = z
  .object({
    number: amountField,
    price: priceField,
    currency: currencyField,
    min: amountField,
    max: amountField,
    bk_id: idField('no_payout_account'),
    window_minutes: z
      .enum(PAYMENT_WINDOWS.map((w) => String(w)) as ['15', '30', '60'], err('invalid_value'))
      .transform(Number)
      .default(PAYMENT_WINDOWS[0]),
    request_id: requestIdField,
    ...secondFactor,
  })
  .superRefine(minNotAboveMax);
export const sellingCancelRequest = z.object({ id: idField() });
export const sellingOrderRequest = pagingRequest.extend({ mine: flagField.optional() });

export const tradeCreateRequest = z.object({
  selling_id: idField('record_not_found'),
  number: amountField,
  request_id: requestIdField,
});
export const tradeIdRequest = z.object({ id: idField() });
export const tradeReleaseRequest = z.object({ id: idField(), ...secondFactor });
export const tradePaidRequest = z.object({ id: idField(), image: uploadUrlField('invalid_value').optional() });
export const tradeAppealRequest = z.object({ id: idField(), reason: required('reason_required', 200) });
export const tradeListRequest = pagingRequest.extend({
  status: z.enum(TRADE_STATUSES, err('invalid_value')).optional(),
});
/** Messages of a trade, oldest first; `after_id` answers only newer ones. */
export const tradeMessageListRequest = z.object({ id: idField(), after_id: idField().optional() });
/** A text, an image (an upload's url), or both; neither is refused. */
export const tradeMessageSendRequest = z
  .object({
    id: idField(),
    text: textField({ max: CHAT_TEXT_MAX, tooLong: 'invalid_value' }).optional(),
    image: uploadUrlField('invalid_value').optional(),
  })
  .refine((v) => Boolean(v.text) || Boolean(v.image), { ...err('fields_required'), path: ['text'] });

// operator side
export const adminTradeListRequest = pagingRequest.extend({
  status: z.enum(TRADE_STATUSES, err('invalid_value')).optional(),
  keyword: keywordField,
});
export const tradeResolveRequest = z.object({
  id: idField(),
  outcome: z.enum(TRADE_OUTCOMES, err('invalid_value')),
  note: required('reason_required', 300),
});

// ---- interest wallet ----

export const INTEREST_STATUSES = ['active', 'settled'] as const;
export type InterestStatus = (typeof INTEREST_STATUSES)[number];

/** A daily rate in per cent: above 0, at most 4 decimals (and under 1000), parsed into 10^-4 per cent. */
const rateField = required('interest_rate_format', 10, 'interest_rate_format')
  .refine((s) => (parseRate(s) ?? 0n) > 0n, err('interest_rate_format'))
  .transform((s) => parseRate(s) as bigint);
/** A product's term in whole days, 1..INTEREST_DAYS_MAX; a JSON number or a decimal string. */
const daysField = z
  .union([z.number(), z.string()], err('interest_days_format'))
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{1,4}$/, err('interest_days_format'))
      .transform(Number)
      .pipe(z.number().min(1, err('interest_days_format')).max(INTEREST_DAYS_MAX, err('interest_days_format'))),
  );
const interestProductFields = z.object({
  name: required('fields_required', 64),
  rate: rateField,
  days: daysField,
  min: amountField,
  max: amountField,
  quota: amountField,
});
export const interestProductCreateRequest = interestProductFields
  .extend({ active: activeField.default(true) })
  .superRefine(minNotAboveMax);
/** Changes some fields of a product: the service checks min <= max and quota >= sold against what it keeps. */
export const interestProductUpdateRequest = interestProductFields
  .partial()
  .extend({ id: idField(), active: activeField.optional() })
  .refine((v) => Object.keys(v).some((k) => k !== 'id'), err('fields_required'));
/** The spec fixes the customer's product list at page 1, size 10. */
export const lixibaoListRequest = pagingRequest.extend({
  page_size: pagingRequest.shape.page_size.removeDefault().default(10),
});
export const lixibaoCreateOrderRequest = z.object({
  lixibao_id: idField('interest_id_required'),
  number: required('interest_amount_required', 18, 'amount_format')
    .regex(AMOUNT_ENTRY_RE, err('amount_format'))
    .refine((s) => /[1-9]/.test(s), err('amount_format'))
    .refine(fitsLedger, err('amount_too_big'))
    .transform((s) => parseAmount(s) as bigint),
  request_id: requestIdField,
});

// ---- team, invitations, customer service ----

/** How deep the team reaches: invitees (1), their invitees (2) and theirs (3). */
export const TEAM_LEVELS = [1, 2, 3] as const;
export type TeamLevel = (typeof TEAM_LEVELS)[number];
/** The team member list, one level or all three (`level` absent or empty). */
export const teamListRequest = pagingRequest.extend({
  level: z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z
      .enum(['1', '2', '3'], err('team_level_invalid'))
      .transform((v) => Number(v) as TeamLevel)
      .optional(),
  ),
});

export const KEFU_CHANNELS = ['telegram', 'whatsapp', 'email', 'web', 'line', 'other'] as const;
export type KefuChannel = (typeof KEFU_CHANNELS)[number];
/**
 * Where a support contact opens: a web address (http/https), a mail address (mailto:) or a Telegram link (tg://).
 * Nothing else — `javascript:`, `data:` and the like would run in the customer's page.
 */
export const KEFU_LINK_RE = /^(https?:\/\/[^\s/?#]+\S*|mailto:[^\s@]+@[^\s@]+|tg:\/\/\S+)$/i;
const kefuLinkField = textField({ max: 500, required: 'fields_required', tooLong: 'kefu_link_format' }).refine(
  (s) => KEFU_LINK_RE.test(s),
  err('kefu_link_format'),
);
const kefuFields = z.object({
  name: required('fields_required', 64),
  channel: z.enum(KEFU_CHANNELS, err('kefu_channel_unknown')),
  link: kefuLinkField,
  /** working hours as the operator words them, e.g. "Mon–Fri 9:00–18:00 UTC" */
  hours: textField({ max: 100 }),
  /** smaller first; equal ones by id */
  sort_order: z.coerce
    .number(err('invalid_value'))
    .int(err('invalid_value'))
    .min(0, err('invalid_value'))
    .max(9999, err('invalid_value')),
});
export const kefuCreateRequest = kefuFields.extend({
  hours: kefuFields.shape.hours.default(''),
  sort_order: kefuFields.shape.sort_order.default(0),
  active: activeField.default(true),
});
/** Changes some fields of a contact, or switches it on or off. */
export const kefuUpdateRequest = kefuFields
  .partial()
  .extend({ id: idField('record_not_found'), active: activeField.optional() })
  .refine((v) => Object.keys(v).some((k) => k !== 'id'), err('fields_required'));

// ---- customers and operator management ----

/** A customer's state: `frozen` by an operator (no sign-in, no calls), `closed` when retired (the demo customer). */
export const USER_STATUSES = ['active', 'frozen', 'closed'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** `keyword` searches the e-mail, the customer's own invitation code and their inviter's code. */
export const userListRequest = pagingRequest.extend({
  keyword: keywordField,
  status: z.enum(USER_STATUSES, err('invalid_value')).optional(),
});
export const userIdRequest = z.object({ id: idField() });
export const userFreezeRequest = z.object({ id: idField(), reason: required('reason_required', 200) });
/**
 * An operator's correction: a signed amount with at most 2 decimals, never zero ("-5.5" deducts), parsed into signed
 * bigint micro-USDT.
 */
const signedAmountField = required('amount_required', 19, 'adjust_amount_format')
  .regex(/^-?\d{1,15}(\.\d{1,2})?$/, err('adjust_amount_format'))
  .refine((s) => /[1-9]/.test(s), err('adjust_amount_format'))
  .refine(fitsLedger, err('amount_too_big'))
  .transform((s) => (s.startsWith('-') ? -(parseAmount(s.slice(1)) as bigint) : (parseAmount(s) as bigint)));
export const userAdjustRequest = z.object({
  id: idField(),
  amount: signedAmountField,
  reason: required('reason_required', 200),
  request_id: requestIdField,
});
export const operatorIdRequest = z.object({ id: idField() });

// ---- VIP levels ----

/** The most VIP levels an owner may set (VIP 0 to VIP 9). */
export const VIP_LEVELS_MAX = 10;
/** A VIP threshold or limit in USDT, at most 2 decimals (0 allowed: VIP 0 starts at 0), parsed into micro-USDT. */
const vipAmountField = required('amount_required', 18, 'amount_format')
  .regex(AMOUNT_ENTRY_RE, err('amount_format'))
  .refine(fitsLedger, err('amount_too_big'))
  .transform((s) => parseAmount(s) as bigint);
/**
 * The VIP levels, VIP 0 first: each reached at `volume` USDT of completed trades and sales, and each allowing
 * withdrawals of at most `daily_withdraw` USDT a UTC day (pending ones included). VIP 0 starts at 0, volumes rise.
 */
export const vipSaveRequest = z
  .object({
    levels: z
      .array(z.object({ volume: vipAmountField, daily_withdraw: vipAmountField }), err('invalid_value'))
      .min(1, err('vip_levels_invalid'))
      .max(VIP_LEVELS_MAX, err('vip_levels_invalid')),
  })
  .superRefine((v, ctx) => {
    v.levels.forEach((l, i) => {
      const prev = v.levels[i - 1];
      if (i === 0 ? l.volume !== 0n : prev !== undefined && l.volume <= prev.volume)
        ctx.addIssue({ code: 'custom', path: ['levels', i, 'volume'], message: 'vip_levels_invalid' });
      if (l.daily_withdraw === 0n)
        ctx.addIssue({ code: 'custom', path: ['levels', i, 'daily_withdraw'], message: 'amount_format' });
    });
  });
/** An owner sets a customer's VIP level by hand (`level` empty: back to the level their volume earns), with a reason. */
export const userSetVipRequest = z.object({
  id: idField(),
  level: z
    .union([z.number(), z.string().trim()], err('invalid_value'))
    .transform((v) => (v === '' ? null : typeof v === 'number' ? v : /^\d{1,2}$/.test(v) ? Number(v) : Number.NaN))
    .pipe(z.number(err('invalid_value')).int(err('invalid_value')).min(0, err('invalid_value')).nullable()),
  reason: required('reason_required', 200),
});

// ---- proof of liabilities ----
/** `proof/mine`: the snapshot to prove against; blank = the latest. */
export const proofMineRequest = z.object({
  snapshot_id: z.preprocess((v) => (isBlank(v) ? undefined : v), idField().optional()),
});

// ---- safer mail and sessions ----

/** The anti-phishing phrase: 4 to 32 letters, digits (any script) and single spaces, after trimming. */
export const ANTI_PHISHING_MIN = 4;
export const ANTI_PHISHING_MAX = 32;
const ANTI_PHISHING_RE = /^[\p{L}\p{M}\p{N}]+( [\p{L}\p{M}\p{N}]+)*$/u;
/** Checks a phrase as the server does (the app shows the same error before sending): `''` removes the phrase. */
export function antiPhishingValid(phrase: string): boolean {
  const p = phrase.trim().replace(/\s+/g, ' ');
  if (p === '') return true;
  const length = [...p].length;
  return length >= ANTI_PHISHING_MIN && length <= ANTI_PHISHING_MAX && ANTI_PHISHING_RE.test(p);
}
/** `phrase` empty (or only spaces) removes the phrase; runs of spaces inside become one. */
export const antiPhishingRequest = z.object({
  phrase: z
    .string(err('anti_phishing_format'))
    .max(200, err('anti_phishing_format'))
    .refine(antiPhishingValid, err('anti_phishing_format'))
    .transform((s) => s.trim().replace(/\s+/g, ' ')),
});

/** Ends one of the caller's sessions (`id`), or every other one (`all_others=1`): exactly one of the two. */
export const sessionEndRequest = z
  .object({ id: idField().optional(), all_others: flagField.optional() })
  .refine((v) => (v.id !== undefined) !== (v.all_others === true), err('invalid_value'));

/** The token of a new-device mail's "end this session" link. */
export const sessionEndLinkRequest = z.object({
  token: required('invalid_value', 64).regex(/^[A-Za-z0-9_-]{43}$/, err('session_link_invalid')),
});
