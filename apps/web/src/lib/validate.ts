import { formatAmount } from '@c2c/shared';
import type { z } from 'zod';
import { errorText, loadErrors } from './error-text';
import { i18n } from './i18n';
import { type AmountLimits, amountIssue, formatMoney, readAmount } from './money';
import { showToast } from './toast';

type Schemas = typeof import('./form-schemas');
export type FormSchema = keyof Schemas;

/** What a parsed form sends: the schemas turn an amount into bigint micro-units; the wire carries it as a wire decimal. */
export type Wire<T> = { [K in keyof T]: T[K] extends bigint ? string : T[K] };

/** Shows a failed check at its field (`field` as the request names it) instead of a toast; called once per refused field. */
export type FieldErrorHandler = (field: string, message: string) => void;

/** A typed amount the user's language cannot read as a number: the schema refuses it with the amount format text. */
const UNREADABLE = '?';

/**
 * Checks a form with its shared wire schema; on failure shows in the user's language every refused field's first
 * issue at its field when the form passes `onFieldError`, else the first issue as a toast, and answers null. On success it answers the normalized values to send, amounts as wire decimals ("12.50").
 * The fields named in `amounts` are typed as the user's language writes numbers ("1.234,50" in de) and read
 * with its marks first (`readAmount`). zod, the schemas and the error texts arrive with the first submit,
 * which keeps them out of the first page.
 */
export async function validate<K extends FormSchema>(
  name: K,
  values: Record<string, unknown>,
  { amounts = [], onFieldError }: { amounts?: string[]; onFieldError?: FieldErrorHandler } = {},
): Promise<Wire<z.output<Schemas[K]>> | null> {
  // The texts are fetched alongside, so a failing check has its message at hand (errorText retries if this failed).
  const [schemas] = await Promise.all([import('./form-schemas'), loadErrors().catch(() => undefined)]);
  const schema = schemas[name] as unknown as z.ZodType<z.output<Schemas[K]>>;
  const read = { ...values };
  for (const field of amounts) {
    const typed = String(values[field] ?? '');
    // Empty stays empty (the schema asks for the amount); anything else is what the user's language reads, or refused.
    if (typed.trim()) read[field] = readAmount(typed, i18n.language) ?? UNREADABLE;
  }
  const result = schema.safeParse(read);
  if (result.success) {
    const wire = Object.entries(result.data as Record<string, unknown>).map(([k, v]) => [
      k,
      typeof v === 'bigint' ? formatAmount(v) : v,
    ]);
    return Object.fromEntries(wire) as Wire<z.output<Schemas[K]>>;
  }
  const issues = result.error.issues;
  const messageOf = (issue: (typeof issues)[number] | undefined) => {
    // a refinement names what its message asks for (the maximum a minimum may not pass), as a wire decimal
    const params = issue?.code === 'custom' ? ((issue.params ?? {}) as Record<string, string>) : {};
    const shown = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, formatMoney(v, i18n.language)]));
    return errorText(issue?.message, shown);
  };
  const first = issues[0];
  if (!onFieldError || typeof first?.path[0] !== 'string') {
    showToast(await messageOf(first));
    return null;
  }
  // every refused field at once, each with its first issue, in the schema's order
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || seen.has(field)) continue;
    seen.add(field);
    onFieldError(field, await messageOf(issue));
  }
  return null;
}

/** Checks an amount against the operator's limits and the balance; on failure shows why in the user's language. */
export function withinLimits(amount: string, limits: AmountLimits): boolean {
  const issue = amountIssue(amount, limits);
  if (!issue) return true;
  const limit = issue.limit ? formatMoney(issue.limit, i18n.language) : '';
  void errorText(issue.key, { min: limit, max: limit }).then(showToast);
  return false;
}
