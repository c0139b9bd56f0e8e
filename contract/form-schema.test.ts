import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateWithSchema } from '../server/domain/forms/validators.ts';
import type { TActivity, TFieldSchema, TFieldsSchema } from './catalog.ts';
import { MOBILE_RE } from './identity.ts';
import {
  activityValidatorUrl,
  compileActivity,
  compileContactForm,
  compileFields,
  compileSignupForm,
  declaredFields,
  MOBILE_PATTERN,
  normaliseFormData,
  schemasHash,
  signupCrossFieldErrors,
} from './form-schema.ts';

const L = (en: string, ar = `ع ${en}`) => ({ ar, en });
const opts = (...values: string[]) => ({ options: values.map((v) => ({ value: v, label: L(v) })) });

/** Validates `data` against a one-form schema the way the server does. */
const check = (fields: TFieldsSchema, data: Record<string, unknown>) => {
  const r = validateWithSchema(compileFields(fields, 'en').schema, data);
  return r.ok ? {} : r.fieldErrors;
};
const one = (field: TFieldSchema, value: unknown) => check({ f: field }, value === undefined ? {} : { f: value }).f;

afterEach(() => vi.useRealTimers());

describe('compileFields: every field type', () => {
  it('texts: required by default, optional when said, lengths in characters, trimmed', () => {
    const f: TFieldSchema = { type: 'text', label: L('Name'), min: 2, max: 5 };
    expect(one(f, undefined)).toEqual({ code: 'required' });
    expect(one(f, '   ')).toEqual({ code: 'required' });
    expect(one(f, ' a ')).toEqual({ code: 'min-length', min: 2, max: 5 });
    expect(one(f, 'abcdef')).toEqual({ code: 'max-length', min: 2, max: 5 });
    expect(one(f, ' abc ')).toBeUndefined();
    expect(one(f, '😀😀')).toBeUndefined(); // two characters, four UTF-16 units
    expect(one({ ...f, optional: true }, '')).toBeUndefined();
    expect(one({ type: 'textarea', label: L('T') }, 'x'.repeat(5001))).toMatchObject({ code: 'max-length', max: 5000 });
    expect(one({ type: 'password', label: L('P'), min: 3 }, ' a ')).toBeUndefined(); // a password keeps its spaces
    expect(one(f, 12)).toEqual({ code: 'text-expected' });
  });

  it('patterns with the field’s own message; a broken pattern is ignored', () => {
    const f: TFieldSchema = { type: 'text', label: L('U'), regExp: '^[a-z]+$', customRegexError: L('lower case only') };
    expect(one(f, 'Ahmed')).toEqual({ code: 'pattern-invalid', custom: L('lower case only') });
    expect(one(f, 'ahmed')).toBeUndefined();
    expect(one({ type: 'text', label: L('U'), regExp: '([' }, 'anything')).toBeUndefined();
    expect(one({ type: 'meter', label: L('M'), regExp: '^[0-9]{6,16}$' }, '12')).toMatchObject({ code: 'pattern-invalid' });
  });

  it('e-mail, phone (Arabic-Indic digits) and national id', () => {
    expect(MOBILE_PATTERN).toBe(MOBILE_RE.source);
    expect(one({ type: 'email', label: L('E') }, 'a@b')).toEqual({ code: 'email-invalid' });
    expect(one({ type: 'email', label: L('E') }, 'a@b.eg')).toBeUndefined();
    const own: TFieldSchema = { type: 'email', label: L('E'), regExp: '@kahraba\\.eg$', customRegexError: L('work mail') };
    expect(one(own, 'a@b.eg')).toEqual({ code: 'pattern-invalid', custom: L('work mail') });
    expect(one({ type: 'phone', label: L('M') }, '01312345678')).toEqual({ code: 'mobile-invalid' });
    expect(one({ type: 'phone', label: L('M') }, '٠١٠١٢٣٤٥٦٧٨')).toBeUndefined();
    expect(one({ type: 'phone', label: L('M') }, '010-1234-5678')).toBeUndefined();
    expect(one({ type: 'nationalId', label: L('N') }, '29001010100015')).toBeUndefined();
    expect(one({ type: 'nationalId', label: L('N') }, '29013010100015')).toEqual({ code: 'national-id-invalid' });
    expect(one({ type: 'nationalId', label: L('N') }, '2900101010001')).toEqual({ code: 'national-id-invalid' });
  });

  it('numbers typed in either digits, with their bounds', () => {
    const f: TFieldSchema = { type: 'number', label: L('N'), min: 1, max: 10 };
    expect(one(f, 'abc')).toEqual({ code: 'number-expected' });
    expect(one(f, '١١')).toEqual({ code: 'number-range', min: 1, max: 10 });
    expect(one(f, '٥')).toBeUndefined();
    expect(one(f, '٢٫٥')).toBeUndefined();
    expect(one(f, 0)).toEqual({ code: 'number-range', min: 1, max: 10 });
    expect(one({ type: 'number', label: L('N'), max: 3 }, 4)).toEqual({ code: 'number-range', max: 3 });
    expect(one({ type: 'number', label: L('N'), min: 3 }, 2)).toEqual({ code: 'number-range', min: 3 });
    expect(one({ type: 'rating', label: L('R') }, 6)).toEqual({ code: 'number-range', min: 1, max: 5 });
    expect(one({ type: 'rating', label: L('R') }, 2.5)).toEqual({ code: 'whole-number' });
  });

  it('choices: allowed values, counts of a multiple choice, checkboxes', () => {
    const sel: TFieldSchema = { type: 'select', label: L('S'), uniforms: opts('a', 'b') };
    expect(one(sel, 'c')).toEqual({ code: 'value-not-allowed' });
    expect(one(sel, 'a')).toBeUndefined();
    expect(one({ type: 'radio', label: L('R'), uniforms: opts('x') }, 'y')).toEqual({ code: 'value-not-allowed' });
    const multi: TFieldSchema = { type: 'select', label: L('S'), uniforms: opts('a', 'b', 'c'), multiple: true, min: 2, max: 2 };
    expect(one(multi, ['a'])).toEqual({ code: 'min-count', min: 2 });
    expect(one(multi, ['a', 'b', 'c'])).toEqual({ code: 'max-count', max: 2 });
    expect(one(multi, ['a', 'z'])).toEqual({ code: 'value-not-allowed' });
    expect(one(multi, [])).toEqual({ code: 'required' });
    expect(one({ type: 'checkbox', label: L('C') }, false)).toEqual({ code: 'required' });
    expect(one({ type: 'checkbox', label: L('C') }, true)).toBeUndefined();
    // A lazy list's values come from the server: no fixed list to check against.
    expect(one({ type: 'select', label: L('S'), uniforms: opts('a'), lazyLoad: { apiDependencies: [] } }, 'z')).toBeUndefined();
  });

  it('files and images: counts, one unless multiple', () => {
    const file = (id: string) => ({ id, name: `${id}.pdf` });
    expect(one({ type: 'file', label: L('F') }, [file('1'), file('2')])).toEqual({ code: 'max-count', max: 1 });
    expect(one({ type: 'file', label: L('F'), multiple: true, min: 2 }, [file('1')])).toEqual({ code: 'min-count', min: 2 });
    expect(one({ type: 'image', label: L('I'), multiple: true, max: 3 }, [file('1'), file('2')])).toBeUndefined();
    expect(one({ type: 'image', label: L('I') }, [{ name: 'no id' }])).toEqual({ code: 'value-not-allowed' });
  });

  it('dates: real days, on/after and not after, future-only and past-only (today counts, Cairo time)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T23:30:00Z')); // already 11 March in Cairo
    const d: TFieldSchema = { type: 'date', label: L('D'), minDate: '2026-01-01', maxDate: '2026-12-31' };
    expect(one(d, '2026-02-30')).toEqual({ code: 'date-invalid' });
    expect(one(d, 'tomorrow')).toEqual({ code: 'date-invalid' });
    expect(one(d, '2025-12-31')).toEqual({ code: 'date-min' });
    expect(one(d, '2027-01-01')).toEqual({ code: 'date-max' });
    expect(one(d, '2026-01-01')).toBeUndefined();
    const future: TFieldSchema = { type: 'date', label: L('D'), dateWindow: 'future' };
    expect(one(future, '2026-03-10')).toEqual({ code: 'date-future' });
    expect(one(future, '2026-03-11')).toBeUndefined();
    const past: TFieldSchema = { type: 'date', label: L('D'), dateWindow: 'past' };
    expect(one(past, '2026-03-12')).toEqual({ code: 'date-past' });
    expect(one(past, '2026-03-11')).toBeUndefined();
  });

  it('lists: entries with their own fields, min and max entries; nested objects; location', () => {
    const list: TFieldSchema = {
      type: 'list',
      label: L('Loads'),
      min: 1,
      max: 2,
      schema: { q: { type: 'number', label: L('Q'), min: 1 }, what: { type: 'text', label: L('W') } },
    };
    expect(one(list, [])).toEqual({ code: 'required' });
    expect(check({ loads: list }, { loads: [{ q: 0, what: 'x' }, { q: 2 }] })).toEqual({
      'loads.0.q': { code: 'number-range', min: 1 },
      'loads.1.what': { code: 'required' },
    });
    expect(
      one(list, [
        { q: 1, what: 'a' },
        { q: 1, what: 'b' },
        { q: 1, what: 'c' },
      ]),
    ).toEqual({ code: 'max-entries', max: 2 });
    expect(one({ ...list, min: 3 }, [{ q: 1, what: 'a' }])).toEqual({ code: 'min-entries', min: 3 });
    const nested: TFieldSchema = { type: 'text', label: L('Addr'), schema: { street: { type: 'text', label: L('S'), max: 3 } } };
    expect(check({ addr: nested }, { addr: { street: 'long' } })).toEqual({ 'addr.street': { code: 'max-length', max: 3 } });
    expect(one({ type: 'location', label: L('Loc') }, { lat: 95 })).toEqual({ code: 'number-range', min: -90, max: 90 });
    expect(one({ type: 'location', label: L('Loc') }, { governorate: 'cairo', lat: 30, lng: 31 })).toBeUndefined();
  });

  it('hidden and read-only fields are not checked', () => {
    expect(one({ type: 'text', label: L('H'), hidden: true, min: 5 }, 'a')).toBeUndefined();
    expect(one({ type: 'text', label: L('H'), showField: false }, undefined)).toBeUndefined();
    expect(one({ type: 'number', label: L('R'), editable: false, min: 5 }, 1)).toBeUndefined();
  });
});

describe('conditional fields', () => {
  const when = (
    behavior: 'show' | 'hide' | 'require',
    conditions: NonNullable<TFieldSchema['conditionalField']>['conditions'],
    operator: 'and' | 'or' = 'and',
  ): TFieldsSchema => ({
    kind: { type: 'select', label: L('Kind'), uniforms: opts('a', 'other'), optional: true },
    count: { type: 'number', label: L('Count'), optional: true },
    tags: { type: 'checkbox', label: L('Tags'), uniforms: opts('x', 'y'), multiple: true, optional: true },
    detail: { type: 'text', label: L('Detail'), conditionalField: { behavior, operator, conditions } },
  });
  const needsDetail = (fields: TFieldsSchema, data: Record<string, unknown>) => check(fields, data).detail?.code === 'required';

  it.each([
    ['eq', 'other', { kind: 'other' }, { kind: 'a' }],
    ['neq', 'a', { kind: 'other' }, { kind: 'a' }],
    ['in', ['other', 'zzz'], { kind: 'other' }, { kind: 'a' }],
    ['notIn', ['a'], { kind: 'other' }, { kind: 'a' }],
    ['gt', 5, { count: 6 }, { count: 5 }],
    ['lt', '5', { count: '٤' }, { count: 5 }],
    ['filled', undefined, { kind: 'a' }, { kind: ' ' }],
    ['empty', undefined, {}, { kind: 'a' }],
    ['eq', 'y', { tags: ['x', 'y'] }, { tags: ['x'] }],
  ] as const)('show when %s %j', (relation, fieldName, yes, no) => {
    const field = relation === 'eq' && fieldName === 'y' ? 'tags' : (Object.keys(yes)[0] ?? 'kind');
    const fields = when('show', [{ field, relation, fieldName }]);
    expect(needsDetail(fields, yes)).toBe(true);
    expect(needsDetail(fields, no)).toBe(false);
    // hide is the other way round
    const hide = when('hide', [{ field, relation, fieldName }]);
    expect(needsDetail(hide, yes)).toBe(false);
    expect(needsDetail(hide, no)).toBe(true);
  });

  it('require: the field is always there, required only when the condition holds; and / or', () => {
    const and = when('require', [
      { field: 'kind', relation: 'eq', fieldName: 'other' },
      { field: 'count', relation: 'gt', fieldName: 1 },
    ]);
    expect(needsDetail(and, { kind: 'other', count: 2 })).toBe(true);
    expect(needsDetail(and, { kind: 'other', count: 1 })).toBe(false);
    const or = when(
      'require',
      [
        { field: 'kind', relation: 'eq', fieldName: 'other' },
        { field: 'count', relation: 'gt', fieldName: 1 },
      ],
      'or',
    );
    expect(needsDetail(or, { kind: 'a', count: 2 })).toBe(true);
    expect(needsDetail(or, { kind: 'a', count: 1 })).toBe(false);
    expect(compileFields(and, 'en').schema.properties).toHaveProperty('detail');
  });

  it('rjsf draws a shown field only while its condition holds (if/then/else inside allOf)', () => {
    const { schema } = compileFields(when('show', [{ field: 'kind', relation: 'eq', fieldName: 'other' }]), 'en');
    const validator = {
      isValid: (s: RJSFSchema, data: unknown) => validateWithSchema(s as never, data).ok,
    } as never;
    const shown = retrieveSchema(validator, schema as RJSFSchema, schema as RJSFSchema, { kind: 'other' });
    const notShown = retrieveSchema(validator, schema as RJSFSchema, schema as RJSFSchema, { kind: 'a' });
    expect(Object.keys(shown.properties ?? {})).toContain('detail');
    expect(Object.keys(notShown.properties ?? {})).not.toContain('detail');
    expect(declaredFields(schema)).toEqual(['kind', 'count', 'tags', 'detail']);
  });
});

describe('texts, languages and NFC', () => {
  const decomposed = 'e\u0301'; // é as e + combining accent
  const fields: TFieldsSchema = {
    kind: {
      type: 'select',
      label: L(`Caf${decomposed}`, 'نوع'),
      tooltip: L('Help', 'مساعدة'),
      placeholder: L('Pick', 'اختر'),
      postfix: L('kW', 'ك.و'),
      uniforms: { options: [{ value: `caf${decomposed}`, label: L('Café', 'مقهى') }] },
    },
    stars: { type: 'rating', label: L('Stars'), lowestRatingText: L('Bad', 'سيئ'), highestRatingText: L('Good', 'جيد') },
  };

  it('the validation schema is the same in both languages; the uiSchema carries the texts', () => {
    const ar = compileFields(fields, 'ar');
    const en = compileFields(fields, 'en');
    expect(ar.schema).toEqual(en.schema);
    expect(en.uiSchema.kind).toMatchObject({
      'ui:widget': 'select',
      'ui:title': 'Café',
      'ui:placeholder': 'Pick',
      'ui:help': 'Help',
      'ui:options': { postfix: 'kW', options: [{ value: 'café', label: 'Café' }] },
    });
    expect(ar.uiSchema.stars).toMatchObject({ 'ui:options': { lowestRatingText: 'سيئ', highestRatingText: 'جيد' } });
    expect(ar.uiSchema['ui:order']).toEqual(['kind', 'stars', '*']);
  });

  it('NFC-normalises the schema and the data', () => {
    const { schema, uiSchema } = compileFields(fields, 'en');
    const json = JSON.stringify({ schema, uiSchema });
    expect(json).not.toContain(decomposed);
    expect(json).toContain('caf\u00e9');
    expect(normaliseFormData(schema, { kind: `caf${decomposed}` })).toEqual({ kind: 'caf\u00e9' });
    expect(one(fields.kind!, `caf${decomposed}`)).toBeUndefined();
  });
});

describe('activities and fixed forms', () => {
  const service: { activities: TActivity[] } = {
    activities: [
      {
        activityId: 'apply',
        label: L('Apply'),
        actor: 'citizen',
        steps: [
          { stepId: 's1', label: L('One'), fieldsSchema: { a: { type: 'text', label: L('A') } } },
          { stepId: 's2', label: L('Two'), fieldsSchema: { b: { type: 'number', label: L('B') } } },
        ],
      },
    ],
  };

  it('one schema per step; unknown activity gives nothing; the hash follows the schema', () => {
    const c = compileActivity(service, 'apply', 'en')!;
    expect(c.steps.map((s) => [s.stepId, s.label])).toEqual([
      ['s1', 'One'],
      ['s2', 'Two'],
    ]);
    expect(compileActivity(service, 'nope', 'en')).toBeUndefined();
    const h = schemasHash(c.steps.map((s) => s.schema));
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(schemasHash(compileActivity(service, 'apply', 'ar')!.steps.map((s) => s.schema))).toBe(h);
    expect(activityValidatorUrl('CODEMETER', 'apply', 3, h)).toBe(`/api/forms/validators/CODEMETER/apply/3/${h}.js`);
  });

  it('sign-up: account codes, the user type’s fields, the confirmation', () => {
    const { schema } = compileSignupForm({ company: { type: 'select', label: L('C'), uniforms: opts('x') } }, 'en');
    const r = validateWithSchema(schema, {
      firstName: '1',
      lastName: 'Ali',
      username: 'Ali!',
      mobile: '0101234567',
      nationalId: '29001010100015',
      password: 'weak',
      confirmPassword: 'weak',
      company: 'y',
    });
    expect(r.ok ? {} : r.fieldErrors).toEqual({
      firstName: { code: 'name-invalid' },
      username: { code: 'username-invalid' },
      mobile: { code: 'mobile-invalid' },
      password: { code: 'password-weak' },
      company: { code: 'value-not-allowed' },
    });
    expect(signupCrossFieldErrors({ password: 'a', confirmPassword: 'b' })).toEqual({
      confirmPassword: { code: 'password-mismatch' },
    });
  });

  it('contact: mirrors the contact message body', () => {
    const { schema } = compileContactForm('ar');
    const r = validateWithSchema(schema, { fullName: 'ab', email: 'x', messageType: 'other', message: 'short' });
    expect(r.ok ? {} : r.fieldErrors).toEqual({
      fullName: { code: 'min-length', min: 3, max: 100 },
      email: { code: 'email-invalid' },
      messageType: { code: 'value-not-allowed' },
      message: { code: 'min-length', min: 10, max: 2000 },
    });
  });
});
