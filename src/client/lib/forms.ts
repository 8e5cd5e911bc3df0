import type { z } from 'zod';

/**
 * A Mantine form validator from a shared zod schema: the form shows the same messages the server
 * would answer, per field.
 */
export function zodFormValidator<T = unknown>(schema: z.ZodType) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (key && !(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}
