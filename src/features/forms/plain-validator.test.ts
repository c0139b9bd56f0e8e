import { describe, expect, it } from 'vitest';
import { compileFields } from '../../../contract/form-schema.ts';
import { rawErrors } from './plain-validator.ts';

describe('plain validator (our small fixed forms)', () => {
  const { schema } = compileFields(
    {
      name: { type: 'text', label: { ar: 'الاسم', en: 'Name' }, min: 2, max: 5 },
      kind: {
        type: 'radio',
        label: { ar: 'النوع', en: 'Kind' },
        uniforms: { options: [{ value: 'a', label: { ar: 'أ', en: 'A' } }] },
      },
      other: {
        type: 'text',
        label: { ar: 'أخرى', en: 'Other' },
        conditionalField: { behavior: 'show', operator: 'and', conditions: [{ field: 'kind', relation: 'eq', fieldName: 'a' }] },
      },
    },
    'en',
  );

  it('reports ajv-shaped errors: required, lengths, enum', () => {
    expect(rawErrors(schema, {}).map((e) => [e.keyword, e.params.missingProperty])).toEqual([
      ['required', 'name'],
      ['required', 'kind'],
    ]);
    expect(rawErrors(schema, { name: 'x', kind: 'b' }).map((e) => [e.keyword, e.instancePath])).toEqual([
      ['minLength', '/name'],
      ['enum', '/kind'],
    ]);
  });

  it('follows if/then: a shown field is required only while its condition holds', () => {
    expect(rawErrors(schema, { name: 'Amal', kind: 'a' }).map((e) => e.params.missingProperty)).toContain('other');
    expect(rawErrors(schema, { name: 'Amal', kind: 'a', other: 'x' }).filter((e) => e.keyword === 'required')).toEqual([]);
  });
});
