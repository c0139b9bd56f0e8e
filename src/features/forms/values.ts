import type { FieldIssue } from '../../lib/field-messages.ts';
import type { FormValues } from './schema-form.tsx';

/** A text value of the form, trimmed ('' when empty or not a text). */
export const textOf = (values: FormValues, id: string): string => {
  const v = values[id];
  return typeof v === 'string' ? v.trim() : '';
};

/**
 * A contract (zod) check's failure as field issues for <SchemaForm check>: each issue's message is the field code
 * the contract chose (contract/identity.ts), so the browser and the server give the same code.
 */
export function contractIssues(result: {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } | undefined;
}): Record<string, FieldIssue> {
  const out: Record<string, FieldIssue> = {};
  if (result.success || !result.error) return out;
  for (const i of result.error.issues) {
    const key = i.path.filter((k): k is string | number => typeof k !== 'symbol').join('.');
    if (!key || out[key]) continue;
    out[key] = { code: /^[A-Za-z][\w-]*$/.test(i.message) ? i.message : 'invalid' };
  }
  return out;
}
