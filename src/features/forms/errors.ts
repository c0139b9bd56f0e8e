import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { RULE_CODES, ajvErrorsToFieldErrors } from '../../../contract/form-errors.ts';
import type { FieldIssue } from '../../lib/field-messages.ts';

/*
 * The browser's validation errors (ajv, through rjsf) as the field codes of spec section 5, the same codes the
 * server answers in `fieldErrors`: the screen words them with src/lib/field-messages.ts.
 */

/** A field's path as a list of keys: `.a.b` or `a` or `/a/b` or `a.0.b` -> ['a', 'b']. */
export function pathOf(property: string | undefined): string[] {
  return (property ?? '')
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')
    .split(/[./]/)
    .filter(Boolean);
}

type S = RJSFSchema;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every schema a property of `schema` can come from: its own `properties`, and those of its conditional parts. */
function propertySchemas(schema: S, key: string): S[] {
  const found: S[] = [];
  const visit = (s: unknown) => {
    if (!isObj(s)) return;
    const props = s.properties;
    if (isObj(props) && isObj(props[key])) found.push(props[key] as S);
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const) if (Array.isArray(s[k])) (s[k] as unknown[]).forEach(visit);
    for (const k of ['then', 'else'] as const) visit(s[k]);
    if (isObj(s.dependencies)) Object.values(s.dependencies).forEach(visit);
  };
  visit(schema);
  return found;
}

/** The schema of the field at `path` (its keywords merged from every part that names it). */
export function schemaAt(root: S, path: readonly (string | number)[]): S | undefined {
  let current: S | undefined = root;
  for (const key of path) {
    if (!current) return undefined;
    if (typeof key === 'number' || /^\d+$/.test(key)) {
      current = isObj(current.items) ? (current.items as S) : undefined;
      continue;
    }
    const parts = propertySchemas(current, key);
    current = parts.length === 0 ? undefined : (Object.assign({}, ...parts) as S);
  }
  return current;
}

export function uiAt(ui: UiSchema | undefined, path: readonly (string | number)[]): UiSchema {
  let current: unknown = ui;
  for (const key of path) {
    if (!isObj(current)) return {};
    current = typeof key === 'number' || /^\d+$/.test(String(key)) ? current.items : current[key];
  }
  return isObj(current) ? (current as UiSchema) : {};
}

/**
 * One rjsf error (ajv's, reshaped by rjsf) as a field issue, through the same mapping the server uses
 * (`ajvErrorsToFieldErrors` of contract/form-errors.ts), or undefined for the errors that only restate another
 * (an `if` that failed, `allOf`/`anyOf` wrappers). `path` is the field's path.
 */
export function issueOf(error: RJSFValidationError, root: S, ui?: UiSchema): { path: string[]; issue: FieldIssue } | undefined {
  const params = (error.params ?? {}) as Record<string, unknown>;
  const segments = pathOf(error.property);
  // rjsf appends the missing property to a `required` error's path; ajv reports it on the object.
  const own = error.name === 'required' && 'missingProperty' in params ? segments.slice(0, -1) : segments;
  const raw = {
    keyword: error.name ?? '',
    instancePath: own.map((k) => `/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''),
    schemaPath: error.schemaPath ?? '',
    params,
  };
  const found = Object.entries(ajvErrorsToFieldErrors([raw], root))[0];
  if (!found) return undefined;
  const [key, issue] = found;
  const path = pathOf(key);
  if (issue.code === RULE_CODES.pattern && !issue.custom) {
    const custom = (uiAt(ui, path)['ui:options'] as Record<string, unknown> | undefined)?.customRegexError;
    if (typeof custom === 'string' && custom) return { path, issue: { ...issue, custom } };
  }
  return { path, issue };
}
