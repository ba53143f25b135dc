import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Spec §5: a mainland mobile number, 11 digits starting with 1, as Chinese customers type it (without +86). */
const MAINLAND_MOBILE_RE = /^1\d{10}$/;
/** E.164: `+`, then 8 to 15 digits (country code first). */
const E164_RE = /^\+\d{8,15}$/;

/**
 * A payout account's phone number in E.164 (`+4915123456789`), or null when it is not a number a bank or Wise can
 * call. International numbers arrive with `+` and the country code; spaces, dashes, dots and brackets are
 * dropped. The spec's mainland form (11 digits starting with 1) is read as a Chinese number (+86). The number is
 * checked with libphonenumber's small metadata: the country code must exist and the length must fit its plan.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.replace(/[\s\-.()]/g, '');
  const candidate = MAINLAND_MOBILE_RE.test(compact) ? `+86${compact}` : compact;
  if (!E164_RE.test(candidate)) return null;
  const parsed = parsePhoneNumberFromString(candidate, { extract: false });
  return parsed?.isValid() ? parsed.number : null;
}
