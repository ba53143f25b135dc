import { isErrorKey, loadErrorTexts } from '@c2c/shared';
import type { FormRule } from 'antd';

export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * An antd form rule that checks a field with the same shared zod schema the server applies, so the
 * console and the server agree on what is valid and say it with the same catalogue message (English,
 * the console's language; loaded with the first failing check).
 */
export function fieldRule(schema: FieldSchema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (result.success) return;
      const key = result.error.issues[0]?.message;
      throw new Error(isErrorKey(key) ? (await loadErrorTexts('en'))[key] : 'Invalid value');
    },
  };
}
