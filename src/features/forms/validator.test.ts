import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import type { TFieldsSchema } from '../../../contract/catalog.ts';
import { decodeIssue } from '../../../contract/form-errors.ts';
import { compileFields } from '../../../contract/form-schema.ts';
import { generateValidatorModule } from '../../../server/domain/forms/validators.ts';
import { buildFormValidator, type ValidateFns } from './validator.ts';

/** Loads generated code as the browser does: an ES module from a URL (here a data: URL). */
async function load(code: string): Promise<ValidateFns> {
  const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  return ((await import(/* @vite-ignore */ url)) as { validateFns: ValidateFns }).validateFns;
}

const L = (en: string) => ({ ar: en, en });
const fields: TFieldsSchema = {
  kind: {
    type: 'select',
    label: L('Kind'),
    uniforms: {
      options: [
        { value: 'a', label: L('A') },
        { value: 'other', label: L('Other') },
      ],
    },
  },
  detail: {
    type: 'text',
    label: L('Detail'),
    min: 3,
    conditionalField: { behavior: 'show', operator: 'and', conditions: [{ field: 'kind', relation: 'eq', fieldName: 'other' }] },
  },
  rooms: { type: 'list', label: L('Rooms'), min: 1, schema: { area: { type: 'number', label: L('Area'), min: 1 } } },
};

describe('the browser validator (precompiled module + our codes)', () => {
  it('lets rjsf resolve conditions from the data, and answers the field codes rjsf shows', async () => {
    const { schema } = compileFields(fields, 'ar');
    const validator = buildFormValidator(await load(generateValidatorModule([schema])), schema);
    const root = schema as RJSFSchema;
    const shown = retrieveSchema(validator, root, root, { kind: 'other' });
    const hidden = retrieveSchema(validator, root, root, { kind: 'a' });
    expect(Object.keys(shown.properties ?? {})).toContain('detail');
    expect(Object.keys(hidden.properties ?? {})).not.toContain('detail');

    const { errors, errorSchema } = validator.validateFormData({ kind: 'other', detail: ' ab ', rooms: [{ area: '٠' }] }, root);
    expect(errors.map((e) => [e.property, decodeIssue(e.message!)])).toEqual([
      ['.detail', { code: 'min-length', min: 3, max: 500 }],
      ['.rooms.0.area', { code: 'number-range', min: 1 }],
    ]);
    expect(decodeIssue((errorSchema as unknown as { detail: { __errors: string[] } }).detail.__errors[0]!)).toEqual({
      code: 'min-length',
      min: 3,
      max: 500,
    });
    // Nothing else on a valid answer; the data the user typed is not changed.
    const typed = { kind: 'a', rooms: [{ area: '١٢' }] };
    expect(validator.validateFormData(typed, root).errors).toEqual([]);
    expect(typed.rooms[0]!.area).toBe('١٢');
  });

  it('runs a form’s own rules (customValidate) and transformErrors as rjsf expects', async () => {
    const { schema } = compileFields({ name: { type: 'text', label: L('Name') } }, 'en');
    const validator = buildFormValidator(await load(generateValidatorModule([schema])), schema);
    const result = validator.validateFormData(
      { name: 'x' },
      schema as RJSFSchema,
      (data, handler) => {
        if (data?.name === 'x') handler.name?.addError('already-exists');
        return handler;
      },
      (errs) => errs,
    );
    expect(result.errorSchema).toMatchObject({ name: { __errors: ['already-exists'] } });
  });
});
