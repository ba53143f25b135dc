import { z } from 'zod';
import { isValidIban, SWIFT_RE } from './banking.js';
import { CODE_LENGTH, NICKNAME_MAX, OPERATOR_ROLES, PAGE_SIZE_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants.js';
import type { ErrorKey } from './errors.js';
import { LANGS } from './lang.js';
import { parseAmount } from './money.js';

/**
 * Request schemas of every call (their answers' shapes are in answers.ts, both paired per path in contract.ts).
 * Request fields arrive form-encoded, so every value is a string or absent.
 * Each issue's message is an error-catalogue key: the server answers it localized, the apps show it
 * through their i18n `errors` namespace. Fields are checked in declaration order; the first failing
 * field decides the message.
 */
const err = (key: ErrorKey) => ({ error: key });

const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d).+$/;
/** Spec §5: a mainland 11-digit number starting with 1. */
const PHONE_RE = /^1\d{10}$/;

const required = (key: ErrorKey) => z.string(err(key)).trim().min(1, err(key));

const emailField = required('email_required')
  .max(254, err('email_format'))
  .regex(EMAIL_RE, err('email_format'))
  .transform((s) => s.toLowerCase());
const newPasswordField = z
  .string(err('password_required'))
  .min(1, err('password_required'))
  .min(PASSWORD_MIN, err('password_weak'))
  .max(PASSWORD_MAX, err('password_weak'))
  .regex(PASSWORD_RE, err('password_weak'));
const confirmPasswordField = z.string(err('confirm_password_required')).min(1, err('confirm_password_required'));
const codeField = required('code_required').regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), err('code_format'));
const inviteCodeField = required('invite_required').max(32, err('invite_unknown'));

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
  totp: required('totp_required').regex(/^\d{6}$/, err('totp_required')),
});

export const operatorCreateRequest = z.object({
  email: emailField,
  name: required('fields_required').max(64, err('invalid_value')),
  role: operatorRoleSchema,
  password: newPasswordField,
});
export const auditListRequest = pagingRequest.extend({ keyword: z.string().trim().max(100).optional() });

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
const INVITE_CODE_RE = /^[A-Z0-9]{4,16}$/;
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
const amountField = required('amount_required')
  .regex(/^\d{1,15}(\.\d{1,2})?$/, err('amount_format'))
  .refine((s) => /[1-9]/.test(s), err('amount_format'))
  .transform((s) => parseAmount(s) as bigint);
const requestIdField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, err('invalid_value'))
  .optional();
const idField = z.coerce.number(err('record_not_found')).int(err('record_not_found')).positive(err('record_not_found'));

export const RECHARGE_STATUSES = ['auditing', 'completed', 'rejected'] as const;
export type ReviewStatus = (typeof RECHARGE_STATUSES)[number];

export const receivingAddressRequest = z.object({ type: z.string().trim().max(16).optional() });
/** Multipart: the image in field `file`. */
export const uploadRequest = z.object({ file: z.file() });
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

export const bankinfoListRequest = z.object({ type: z.enum(PAYOUT_TYPES, err('invalid_value')).optional() });
export const bankinfoDetailRequest = z.object({ type: z.enum(PAYOUT_TYPES, err('invalid_value')).optional(), bk_id: idField });

export const withdrawCreateRequest = z.object({
  bk_id: z.coerce.number(err('no_payout_account')).int().positive(err('no_payout_account')),
  amount: amountField,
  request_id: requestIdField,
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
