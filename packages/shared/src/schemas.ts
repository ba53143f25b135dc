import { z } from 'zod';
import { isValidIban, SWIFT_RE } from './banking.js';
import { CODE_LENGTH, NICKNAME_MAX, OPERATOR_ROLES, PAGE_SIZE_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants.js';
import type { ErrorKey } from './errors.js';
import { parseAmount } from './money.js';

/**
 * Wire schemas of every call. Request fields arrive form-encoded, so every value is a string or absent.
 * Each issue's message is an error-catalogue key: the server answers it localized, the apps show it
 * through their i18n `errors` namespace. Fields are checked in declaration order; the first failing
 * field decides the message.
 */
const err = (key: ErrorKey) => ({ error: key });

export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d).+$/;
/** Spec §5: a mainland 11-digit number starting with 1. */
export const PHONE_RE = /^1\d{10}$/;

export const required = (key: ErrorKey) => z.string(err(key)).trim().min(1, err(key));

export const emailField = required('email_required')
  .max(254, err('email_format'))
  .regex(EMAIL_RE, err('email_format'))
  .transform((s) => s.toLowerCase());
export const newPasswordField = z
  .string(err('password_required'))
  .min(1, err('password_required'))
  .min(PASSWORD_MIN, err('password_weak'))
  .max(PASSWORD_MAX, err('password_weak'))
  .regex(PASSWORD_RE, err('password_weak'));
export const confirmPasswordField = z.string(err('confirm_password_required')).min(1, err('confirm_password_required'));
export const codeField = required('code_required').regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), err('code_format'));
export const inviteCodeField = required('invite_required').max(32, err('invite_unknown'));

const samePasswords = <T extends { password: string; confirm_password: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.confirm_password)
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'password_mismatch' });
};

export const CODE_SCENES = ['register', 'forget'] as const;
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

export const loginRequest = z.object({
  email: emailField,
  password: z.string(err('password_required')).min(1, err('password_required')).max(PASSWORD_MAX, err('login_failed')),
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
  nickname: required('nickname_required').max(NICKNAME_MAX, err('nickname_too_long')),
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

// ---- answers (`data`) ----

export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  nickname: z.string(),
  invite_code: z.string(),
  vip_level: z.number(),
  lang: z.string(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponse = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponse>;

export const moneyInfoSchema = z.object({
  balance: z.string(),
  frozen: z.string(),
  escrow: z.string(),
  interest: z.string(),
  total: z.string(),
});
export type MoneyInfo = z.infer<typeof moneyInfoSchema>;

export const publicConfigSchema = z.object({
  app_name: z.string(),
  logo: z.string(),
  img_url: z.string(),
  kf_url: z.string(),
  app_url: z.string(),
  langs: z.array(z.string()),
  default_lang: z.string(),
  recharge_min: z.string(),
  recharge_max: z.string(),
  withdraw_min: z.string(),
  withdraw_max: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const sendCodeResponse = z.object({ resend_after: z.number() });

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number(), page: z.number(), page_size: z.number() });
}
export type Page<T> = { list: T[]; total: number; page: number; page_size: number };

// ---- operator API ----

export const operatorRoleSchema = z.enum(OPERATOR_ROLES, err('invalid_value'));

export const adminLoginRequest = z.object({
  email: emailField,
  password: z.string(err('password_required')).min(1, err('password_required')).max(PASSWORD_MAX, err('operator_login_failed')),
  totp: required('totp_required').regex(/^\d{6}$/, err('totp_required')),
});

export const operatorSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type Operator = z.infer<typeof operatorSchema>;

export const adminLoginResponse = z.object({ token: z.string(), operator: operatorSchema });

export const operatorCreateRequest = z.object({
  email: emailField,
  name: required('fields_required').max(64, err('invalid_value')),
  role: operatorRoleSchema,
  password: newPasswordField,
});
/** The new operator's TOTP secret is shown once, to the owner who created it, to hand over. */
export const operatorCreateResponse = z.object({ operator: operatorSchema, totp_secret: z.string(), totp_uri: z.string() });

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  operator_id: z.number().nullable(),
  operator_email: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  detail: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListRequest = pagingRequest.extend({ keyword: z.string().trim().max(100).optional() });

export const auditVerifyResponse = z.object({
  ok: z.boolean(),
  checked: z.number(),
  /** id of the first entry whose hash or link does not match, or where a gap in ids shows a deletion */
  broken_at: z.number().nullable(),
});

const urlField = z
  .string()
  .trim()
  .max(500, err('url_format'))
  .refine((s) => s === '' || /^https?:\/\/\S+$/i.test(s), err('url_format'));

const limitField = required('amount_required').regex(/^\d{1,15}(\.\d{1,2})?$/, err('amount_format'));
export const settingsSchema = z
  .object({
    app_name: required('fields_required').max(40, err('invalid_value')),
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

export const inviteCodeSchema = z.object({
  code: z.string(),
  active: z.boolean(),
  uses: z.number(),
  created_at: z.string(),
});
export type HouseInviteCode = z.infer<typeof inviteCodeSchema>;

export const INVITE_CODE_RE = /^[A-Z0-9]{4,16}$/;
export const inviteCodeCreateRequest = z.object({
  code: required('invite_required')
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(INVITE_CODE_RE, err('invalid_value'))),
});
export const inviteCodeUpdateRequest = z.object({
  code: required('invite_required').transform((s) => s.toUpperCase()),
  active: z.enum(['true', 'false', '1', '0'], err('invalid_value')).transform((s) => s === 'true' || s === '1'),
});

// ---- money: recharge, payout accounts, withdrawals, assets (issue 3) ----

/**
 * A user-entered amount: > 0 with at most 2 decimals, parsed once at the wire boundary into bigint micro-units
 * (services receive bigint; the apps validate with it and send what the user typed).
 */
export const amountField = required('amount_required')
  .regex(/^\d{1,15}(\.\d{1,2})?$/, err('amount_format'))
  .refine((s) => /[1-9]/.test(s), err('amount_format'))
  .transform((s) => parseAmount(s) as bigint);
export const requestIdField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, err('invalid_value'))
  .optional();
const idField = z.coerce.number(err('record_not_found')).int(err('record_not_found')).positive(err('record_not_found'));

export const RECHARGE_STATUSES = ['auditing', 'completed', 'rejected'] as const;
export type ReviewStatus = (typeof RECHARGE_STATUSES)[number];

export const receivingAddressRequest = z.object({ type: z.string().trim().max(16).optional() });
export const receivingAddressSchema = z.object({ type: z.string(), address: z.string() });
export const receivingAddressResponse = z.object({ types: z.array(z.string()), address: receivingAddressSchema.nullable() });

export const uploadResponse = z.object({ id: z.number(), url: z.string() });

export const rechargeCreateRequest = z.object({
  type: required('network_unavailable').max(16, err('network_unavailable')),
  amount: amountField,
  image: required('credentials_required').regex(/^\/uploads\/[a-f0-9]{32}\.(jpg|png|webp)$/, err('credentials_required')),
  tx_hash: z
    .string()
    .trim()
    .max(100, err('tx_hash_format'))
    .regex(/^[A-Za-z0-9]*$/, err('tx_hash_format'))
    .optional(),
  request_id: requestIdField,
});
export const rechargeSchema = z.object({
  id: z.number(),
  type: z.string(),
  address: z.string(),
  amount: z.string(),
  image: z.string(),
  tx_hash: z.string(),
  status: z.enum(RECHARGE_STATUSES),
  reason: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Recharge = z.infer<typeof rechargeSchema>;

export const PAYOUT_TYPES = ['bank', 'wise'] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];
const text = (max: number) => required('fields_required').max(max, err('invalid_value'));
const phoneField = required('phone_required').regex(PHONE_RE, err('phone_format'));

export const bankAccountRequest = z.object({
  type: z.literal('bank', err('invalid_value')),
  full_name: text(100),
  name: text(50),
  surname: text(50),
  phone: phoneField,
  email: emailField,
  area: text(50),
  country: text(50),
  iban: required('fields_required')
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().refine(isValidIban, err('iban_format'))),
  bank_name: text(100),
  swift: required('fields_required')
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
  phone: z.union([z.literal(''), phoneField]).optional(),
});
export const bankinfoCreateRequest = z.discriminatedUnion('type', [bankAccountRequest, wiseAccountRequest], err('invalid_value'));

export const payoutAccountSchema = z.object({
  id: z.number(),
  type: z.enum(PAYOUT_TYPES),
  full_name: z.string(),
  name: z.string(),
  surname: z.string(),
  phone: z.string(),
  email: z.string(),
  area: z.string(),
  country: z.string(),
  iban: z.string(),
  bank_name: z.string(),
  swift: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  /** short text to pick the account by: bank name and last IBAN digits, or the Wise e-mail */
  label: z.string(),
  created_at: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
export const bankinfoListRequest = z.object({ type: z.enum(PAYOUT_TYPES, err('invalid_value')).optional() });
export const bankinfoDetailRequest = z.object({ type: z.enum(PAYOUT_TYPES, err('invalid_value')).optional(), bk_id: idField });
export const bankinfoIsAddResponse = z.object({ bank: z.boolean(), wise: z.boolean() });

export const withdrawCreateRequest = z.object({
  bk_id: z.coerce.number(err('no_payout_account')).int().positive(err('no_payout_account')),
  amount: amountField,
  request_id: requestIdField,
});
export const withdrawalSchema = z.object({
  id: z.number(),
  amount: z.string(),
  status: z.enum(RECHARGE_STATUSES),
  reason: z.string(),
  reference: z.string(),
  account: z.object({ id: z.number(), type: z.enum(PAYOUT_TYPES), label: z.string() }),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const moneyLimitsSchema = z.object({
  recharge_min: z.string(),
  recharge_max: z.string(),
  withdraw_min: z.string(),
  withdraw_max: z.string(),
});
export type MoneyLimits = z.infer<typeof moneyLimitsSchema>;

export const assetLogEntrySchema = z.object({
  id: z.number(),
  /** journal kind: recharge, withdraw, withdraw_refund, adjust, ... (the app names it in the user's language) */
  kind: z.string(),
  /** signed change of the available balance */
  amount: z.string(),
  balance_after: z.string(),
  /** set when the money left the platform: a withdrawal that was paid out */
  paid: z.boolean(),
  ref: z.string(),
  created_at: z.string(),
});
export type AssetLogEntry = z.infer<typeof assetLogEntrySchema>;
export const assetLogTongjiSchema = z.object({
  total_balance: z.string(),
  business: z.string(),
  income: z.string(),
  expenditure: z.string(),
  quantity: z.number(),
});
export const propertyTongjiSchema = z.object({
  balance: z.string(),
  recharge_amount: z.string(),
  total_acquisition: z.string(),
  total_sales: z.string(),
});

// operator side
export const reviewListRequest = pagingRequest.extend({
  status: z.enum(RECHARGE_STATUSES, err('invalid_value')).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const approveRequest = z.object({ id: idField });
export const rejectRequest = z.object({ id: idField, reason: required('reason_required').max(200, err('invalid_value')) });
export const withdrawApproveRequest = z.object({
  id: idField,
  reference: required('reference_required').max(100, err('invalid_value')),
});
export const adminRechargeSchema = rechargeSchema.extend({
  user_id: z.number(),
  user_email: z.string(),
  reviewed_by: z.string().nullable(),
});
export const adminWithdrawalSchema = withdrawalSchema.extend({
  user_id: z.number(),
  user_email: z.string(),
  reviewed_by: z.string().nullable(),
  payout: payoutAccountSchema,
});
export const addressCreateRequest = z.object({
  type: required('fields_required')
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{2,16}$/, err('invalid_value'))),
  address: required('address_format').regex(/^[A-Za-z0-9]{20,100}$/, err('address_format')),
});
export const addressUpdateRequest = z.object({
  id: idField,
  address: addressCreateRequest.shape.address.optional(),
  active: z
    .enum(['true', 'false', '1', '0'], err('invalid_value'))
    .transform((s) => s === 'true' || s === '1')
    .optional(),
});
export const adminAddressSchema = z.object({
  id: z.number(),
  type: z.string(),
  address: z.string(),
  active: z.boolean(),
  created_at: z.string(),
});
