import { z } from 'zod';
import { CODE_LENGTH, NICKNAME_MAX, OPERATOR_ROLES, PAGE_SIZE_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants.js';
import type { ErrorKey } from './errors.js';

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

export const settingsSchema = z.object({
  app_name: required('fields_required').max(40, err('invalid_value')),
  logo: urlField,
  kf_url: urlField,
  app_url: urlField,
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
