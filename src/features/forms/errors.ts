import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
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

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/**
 * One ajv error as a field issue, or undefined for the errors that only restate another (an `if` that failed,
 * `allOf`/`anyOf` wrappers). `path` is the field's path.
 */
export function issueOf(error: RJSFValidationError, root: S, ui?: UiSchema): { path: string[]; issue: FieldIssue } | undefined {
  const path = pathOf(error.property);
  const field = schemaAt(root, path) ?? {};
  const options = (uiAt(ui, path)['ui:options'] ?? {}) as Record<string, unknown>;
  const widget = uiAt(ui, path)['ui:widget'] as string | undefined;
  const params = (error.params ?? {}) as Record<string, unknown>;
  const limit = num(params.limit);
  const isList =
    widget === 'list' ||
    (widget === undefined && field.type === 'array' && isObj(field.items) && (field.items as S).type === 'object');
  const issue = ((): FieldIssue | undefined => {
    switch (error.name) {
      case 'required':
        return { code: 'required' };
      case 'minLength':
        return { code: 'min-length', min: limit, max: num(field.maxLength) };
      case 'maxLength':
        return { code: 'max-length', min: num(field.minLength), max: limit };
      case 'minimum':
      case 'maximum':
        return { code: 'number-range', min: num(field.minimum), max: num(field.maximum) };
      case 'exclusiveMinimum':
        return { code: 'number-gt', min: limit };
      case 'exclusiveMaximum':
        return { code: 'number-lt', max: limit };
      case 'multipleOf':
        return { code: 'whole-number' };
      case 'type': {
        const want = String(params.type ?? '');
        if (want === 'integer') return { code: 'whole-number' };
        if (want.includes('number')) return { code: 'number-expected' };
        if (want.includes('string')) return { code: 'text-expected' };
        return { code: 'invalid' };
      }
      case 'enum':
      case 'const':
        return { code: 'value-not-allowed' };
      case 'uniqueItems':
        return { code: 'already-exists' };
      case 'pattern': {
        const custom = options.customRegexError;
        return { code: 'pattern-invalid', custom: typeof custom === 'string' && custom ? custom : undefined };
      }
      case 'minItems':
        return { code: isList ? 'min-entries' : 'min-count', min: limit };
      case 'maxItems':
        return { code: isList ? 'max-entries' : 'max-count', max: limit };
      case 'format': {
        const format = String(params.format ?? '');
        if (format === 'email') return { code: 'email-invalid' };
        if (format === 'date' || format === 'date-time') return { code: 'date-invalid' };
        return { code: [format, 'invalid'].join('-') };
      }
      case 'formatMinimum':
      case 'formatExclusiveMinimum':
        return { code: 'date-min' };
      case 'formatMaximum':
      case 'formatExclusiveMaximum':
        return { code: 'date-max' };
      case 'if':
      case 'allOf':
      case 'anyOf':
      case 'oneOf':
      case 'not':
        return undefined;
      default:
        return { code: 'invalid' };
    }
  })();
  return issue ? { path, issue } : undefined;
}
