import { errorText } from './i18n';
import { showToast } from './toast';

/** The part of a zod schema the forms use; the schemas themselves come from @c2c/shared. */
interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
}

/** Checks a form with its shared wire schema; on failure shows the first issue in the user's language and returns null. */
export function validate<T>(schema: Schema<T>, values: unknown): T | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  showToast(errorText(result.error.issues[0]?.message));
  return null;
}
