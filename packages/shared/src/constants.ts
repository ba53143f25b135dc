/** Business constants of the product specification (section 9) and the design. */
export const CODE_LENGTH = 6;
export const CODE_RESEND_SECONDS = 60;
export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_ATTEMPTS = 5;
export const REQUEST_TIMEOUT_MS = 60_000;
export const TOAST_MS = 2000;
export const REPEAT_CLICK_MS = 1500;
export const AMOUNT_DECIMALS = 2;
export const PAGE_SIZE_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const NICKNAME_MAX = 32;
export const SESSION_IDLE_DAYS = 30;
export const THEMES = ['subject1', 'subject2'] as const;
export type Theme = (typeof THEMES)[number];
export const OPERATOR_ROLES = ['owner', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
