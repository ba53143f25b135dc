/**
 * How a customer is named to other customers (the Hall, the latest deals, a trade's other side, a team list): the
 * nickname they chose, else their e-mail masked without its domain, which says too much (an employer, a school).
 */

/** The nickname a customer starts with: the e-mail's name part. */
export const givenNickname = (email: string) => email.split('@')[0]!.slice(0, 32);

/** The e-mail's name part cut to at most two characters and never more than half of it (`ja***`, `j***`, `***`). */
export function maskEmail(email: string): string {
  const local = Array.from(email.split('@')[0]!);
  return `${local.slice(0, Math.min(2, Math.floor(local.length / 2))).join('')}***`;
}

/** The nickname given at sign-up counts as not chosen: showing it would show the e-mail. */
export function publicName(u: { nickname: string; email: string }): string {
  const nick = u.nickname.trim();
  return nick && nick !== givenNickname(u.email) ? nick : maskEmail(u.email);
}
