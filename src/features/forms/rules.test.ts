import { describe, expect, it } from 'vitest';
import type { TFieldsSchema } from '../../../contract/catalog.ts';
import { ZSignupBody } from '../../../contract/identity.ts';
import {
  failingInOrder,
  initialValues,
  isVisible,
  issuesToFieldErrors,
  mapServerFieldErrors,
  parseNumber,
  validateField,
  validateValues,
} from './rules.ts';

const L = (s: string) => ({ ar: s, en: s });

describe('form engine rules (spec section 5 "Generic fields")', () => {
  it('requires every field that is not optional, by its type', () => {
    const schema: TFieldsSchema = {
      name: { type: 'text', label: L('Name') },
      note: { type: 'textarea', label: L('Note'), optional: true },
      agree: { type: 'checkbox', label: L('Agree') },
      tags: { type: 'select', label: L('Tags'), multiple: true, uniforms: { options: [{ value: 'a', label: L('A') }] } },
    };
    const v = initialValues(schema);
    expect(v).toEqual({ name: '', note: '', agree: false, tags: [] });
    expect(validateValues(schema, v)).toEqual({
      name: { code: 'required' },
      agree: { code: 'required' },
      tags: { code: 'required' },
    });
    expect(validateValues(schema, { ...v, name: '   ' }).name).toEqual({ code: 'required' });
  });

  it('checks min and max characters of texts (trimmed) and keeps a password as typed', () => {
    const f = { type: 'text', label: L('Name'), min: 2, max: 5 } as const;
    expect(validateField(f, ' a ', {})).toMatchObject({ code: 'min-length', min: 2 });
    expect(validateField(f, 'abcdef', {})).toMatchObject({ code: 'max-length', max: 5 });
    expect(validateField(f, ' abc ', {})).toBeUndefined();
    expect(validateField({ type: 'password', label: L('P'), min: 3 }, ' a ', {})).toBeUndefined();
  });

  it('checks numbers with Arabic-Indic digits, and their bounds', () => {
    const f = { type: 'number', label: L('Reading'), min: 1, max: 10 } as const;
    expect(parseNumber('١٢')).toBe(12);
    expect(parseNumber('3٫5')).toBe(3.5);
    expect(validateField(f, 'abc', {})).toEqual({ code: 'number-expected' });
    expect(validateField(f, '١١', {})).toEqual({ code: 'number-range', min: 1, max: 10 });
    expect(validateField(f, '٥', {})).toBeUndefined();
  });

  it('checks e-mail, Egyptian mobile and national id fields with the contract rules', () => {
    expect(validateField({ type: 'email', label: L('E') }, 'a@b', {})).toEqual({ code: 'email-invalid' });
    expect(validateField({ type: 'email', label: L('E') }, 'a@b.eg', {})).toBeUndefined();
    expect(validateField({ type: 'phone', label: L('M') }, '01312345678', {})).toEqual({ code: 'mobile-invalid' });
    expect(validateField({ type: 'phone', label: L('M') }, '٠١٠١٢٣٤٥٦٧٨', {})).toBeUndefined();
    expect(validateField({ type: 'nationalId', label: L('N') }, '29001010100015', {})).toBeUndefined();
    expect(validateField({ type: 'nationalId', label: L('N') }, '29013010100015', {})).toEqual({ code: 'national-id-invalid' });
  });

  it('applies a pattern with the field’s own wording', () => {
    const f = { type: 'text', label: L('User'), regExp: '^[a-z0-9]{3,32}$', customRegexError: L('lower case only') } as const;
    expect(validateField(f, 'Ahmed', {})).toEqual({ code: 'pattern-invalid', custom: L('lower case only') });
    expect(validateField(f, 'ahmed1', {})).toBeUndefined();
  });

  it('checks option values, counts and dates', () => {
    const options = [
      { value: 'a', label: L('A') },
      { value: 'b', label: L('B') },
    ];
    expect(validateField({ type: 'select', label: L('S'), uniforms: { options } }, 'z', {})).toEqual({
      code: 'value-not-allowed',
    });
    const multi = { type: 'select', label: L('S'), multiple: true, min: 2, max: 2, uniforms: { options } } as const;
    expect(validateField(multi, ['a'], {})).toEqual({ code: 'min-count', min: 2 });
    expect(validateField(multi, ['a', 'b'], {})).toBeUndefined();
    expect(validateField({ type: 'list', label: L('L'), max: 1 }, ['x', 'y'], {})).toEqual({ code: 'max-entries', max: 1 });
    expect(validateField({ type: 'date', label: L('D') }, '2026-02-30', {})).toEqual({ code: 'date-invalid' });
    expect(validateField({ type: 'date', label: L('D') }, '2026-02-28', {})).toBeUndefined();
  });

  it('skips hidden, conditionally hidden and read-only fields; "require" conditions make a field required', () => {
    const schema: TFieldsSchema = {
      kind: { type: 'radio', label: L('Kind'), uniforms: { options: [{ value: 'home', label: L('H') }] } },
      company: {
        type: 'text',
        label: L('Company'),
        conditionalField: {
          behavior: 'show',
          operator: 'and',
          conditions: [{ field: 'kind', relation: 'eq', fieldName: 'company' }],
        },
      },
      reason: {
        type: 'text',
        label: L('Reason'),
        optional: true,
        conditionalField: { behavior: 'require', operator: 'or', conditions: [{ field: 'kind', relation: 'filled' }] },
      },
      secret: { type: 'text', label: L('S'), hidden: true },
      fixed: { type: 'text', label: L('F'), editable: false },
    };
    const v = initialValues(schema, { kind: 'home' });
    expect(isVisible(schema.company!, v)).toBe(false);
    expect(validateValues(schema, v)).toEqual({ reason: { code: 'required' } });
    expect(validateValues(schema, { ...v, kind: '' })).toEqual({ kind: { code: 'required' } });
  });

  it('maps contract issues and server fieldErrors onto fields, in the schema order', () => {
    const r = ZSignupBody.safeParse({
      firstName: 'A',
      lastName: 'Ali',
      username: 'Bad Name',
      mobile: '0101',
      nationalId: '123',
      password: 'weak',
      confirmPassword: 'other',
    });
    expect(r.success).toBe(false);
    const errors = issuesToFieldErrors(r.success ? [] : r.error.issues);
    expect(errors).toMatchObject({
      firstName: { code: 'name-invalid' },
      username: { code: 'username-invalid' },
      mobile: { code: 'mobile-invalid' },
      nationalId: { code: 'national-id-invalid' },
      password: { code: 'password-weak' },
    });
    const server = mapServerFieldErrors({ username: ['already-exists'], roles: ['not-editable'] }, ['username', 'email']);
    expect(server).toEqual({ fields: { username: { code: 'already-exists' } }, other: [{ code: 'not-editable' }] });
    expect(failingInOrder(['a', 'b', 'c'], { c: { code: 'x' }, a: { code: 'y' } })).toEqual(['a', 'c']);
  });
});
