import { describe, expect, it } from 'vitest';
import { ajvErrorsToFieldErrors, fromApiFieldErrors, toApiFieldErrors, type AjvErrorLike } from './form-errors.ts';
import { compileFields } from './form-schema.ts';

const L = (en: string) => ({ ar: en, en });
const err = (keyword: string, instancePath: string, schemaPath: string, params: Record<string, unknown> = {}): AjvErrorLike => ({
  keyword,
  instancePath,
  schemaPath,
  params,
});

describe('ajvErrorsToFieldErrors', () => {
  const { schema } = compileFields(
    {
      name: { type: 'text', label: L('N'), min: 2, max: 9, regExp: '^a', customRegexError: L('starts with a') },
      tags: { type: 'select', label: L('T'), multiple: true, min: 1, uniforms: { options: [{ value: 'x', label: L('x') }] } },
      loads: { type: 'list', label: L('L'), max: 2, schema: { q: { type: 'number', label: L('Q'), min: 1, max: 3 } } },
      files: { type: 'file', label: L('F'), multiple: true, max: 2 },
      other: {
        type: 'text',
        label: L('O'),
        conditionalField: { behavior: 'show', operator: 'and', conditions: [{ field: 'name', relation: 'filled' }] },
      },
    },
    'en',
  );

  it('reads the code from the keyword and the field type, the bounds from the schema', () => {
    expect(
      ajvErrorsToFieldErrors(
        [
          err('minLength', '/name', '#/properties/name/minLength', { limit: 2 }),
          err('pattern', '/name', '#/properties/name/pattern'), // second error of the same field: the first wins
          err('enum', '/tags/0', '#/properties/tags/items/enum'),
          err('maximum', '/loads/1/q', '#/properties/loads/items/properties/q/maximum'),
          err('maxItems', '/loads', '#/properties/loads/maxItems'),
          err('maxItems', '/files', '#/properties/files/maxItems'),
          err('required', '/files/0', '#/properties/files/items/required', { missingProperty: 'id' }),
          err('required', '', '#/allOf/0/then/required', { missingProperty: 'other' }),
          err('if', '', '#/allOf/0/if', { failingKeyword: 'then' }),
        ],
        schema,
      ),
    ).toEqual({
      name: { code: 'min-length', min: 2, max: 9 },
      tags: { code: 'value-not-allowed' },
      'loads.1.q': { code: 'number-range', min: 1, max: 3 },
      loads: { code: 'max-entries', max: 2 },
      files: { code: 'max-count', max: 2 },
      other: { code: 'required' },
    });
  });

  it('a pattern carries the field’s own message; unknown keywords are "invalid"', () => {
    expect(ajvErrorsToFieldErrors([err('pattern', '/name', '#/properties/name/pattern')], schema)).toEqual({
      name: { code: 'pattern-invalid', custom: L('starts with a') },
    });
    expect(ajvErrorsToFieldErrors([err('format', '/name', '#/properties/name/format')], schema)).toEqual({
      name: { code: 'invalid' },
    });
    expect(ajvErrorsToFieldErrors(null, schema)).toEqual({});
  });

  it('goes to the API body and back with its bounds', () => {
    const fe = { name: { code: 'min-length', min: 2 }, other: { code: 'required' } };
    const body = toApiFieldErrors(fe);
    expect(body.fieldErrors).toEqual({ name: ['min-length'], other: ['required'] });
    expect(fromApiFieldErrors(body)).toEqual(fe);
    expect(fromApiFieldErrors({ fieldErrors: { x: ['already-exists'] } })).toEqual({ x: { code: 'already-exists' } });
  });
});
