import { amountEntryIssue, type ErrorKey, parseAmount } from '@c2c/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './error-text';
import { type AmountLimits, amountIssue, decimalMark, formatMoney, readAmount } from './money';

export interface TypedAmountIssue {
  key: ErrorKey;
  /** the limit the message names, as a wire amount */
  limit?: string;
}

/**
 * What is wrong with an amount as it is being typed, in the order the form checks it when sent: not an amount the
 * user's language writes (or more than 2 decimals, or 0), past the ledger's size, outside the limits or the balance,
 * past the form's own cap (`amountIssue`, as `withinLimits` when it is sent). Nothing while the field is empty; a decimal mark typed last ("12." on the way to "12.50")
 * and a zero short of its two decimals are no mistake yet.
 */
export function typedAmountIssue(typed: string, locale: string, limits: AmountLimits): TypedAmountIssue | null {
  const text = typed.normalize('NFKC').trim();
  if (text === '') return null;
  const mark = decimalMark(locale);
  const read = readAmount(text.length > 1 && text.endsWith(mark) ? text.slice(0, -mark.length) : text, locale);
  if (read === null) return { key: 'amount_format' };
  // "0", "0." and "0.0" are on their way to "0.05"
  if (!/[1-9]/.test(read) && (read.split('.')[1] ?? '').length < 2) return null;
  const entry = amountEntryIssue(read);
  if (entry) return { key: entry };
  return amountIssue(read, limits);
}

/**
 * The wire amount a typed one stands for when it may be sent as it is (nothing wrong with it: `typedAmountIssue`), else
 * null: what a form prices or previews. Checked at once, not when the message of what is wrong has loaded.
 */
export function sendableAmount(typed: string, locale: string, limits: AmountLimits): string | null {
  const wire = readAmount(typed, locale);
  if (wire === null || parseAmount(wire) === null) return null;
  return typedAmountIssue(typed, locale, limits) ? null : wire;
}

/**
 * The message for what is wrong with a typed amount (`typedAmountIssue`), in the user's language, for the amount's
 * field to show under it while the user types; undefined while nothing is. The texts come from the shared error
 * catalogue, loaded with the first message, so they are the ones the form's check and the server answer with.
 */
export function useAmountError(typed: string, limits: AmountLimits): string | undefined {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const issue = typedAmountIssue(typed, lang, limits);
  const id = issue ? `${lang}|${issue.key}|${issue.limit ?? ''}` : '';
  const [shown, setShown] = useState<{ id: string; text: string }>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the id names everything the message is made of
  useEffect(() => {
    if (!issue) return;
    let current = true;
    const limit = issue.limit ? formatMoney(issue.limit, lang) : '';
    void errorText(issue.key, { min: limit, max: limit }).then((text) => {
      if (current) setShown({ id, text });
    });
    return () => {
      current = false;
    };
  }, [id]);
  return issue && shown?.id === id ? shown.text : undefined;
}
