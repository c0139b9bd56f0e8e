import { describe, expect, it } from 'vitest';
import type { TActivity, TFieldSchema } from '../../../contract/catalog.ts';
import type { TAttachmentRef } from '../../../contract/requests.ts';
import { showActivity, showValue, stageDueDate } from './format.ts';

const L = (ar: string, en: string) => ({ ar, en });
const labels = { location: { governorate: 'Governorate', address: 'Address' } };
const attachment: TAttachmentRef = {
  id: 'a1',
  activityId: 'apply',
  fieldId: 'photo',
  name: 'fault.png',
  mime: 'image/png',
  size: 2048,
  createdAt: '2026-11-23T10:00:00Z',
};
const field = (f: Partial<TFieldSchema> & Pick<TFieldSchema, 'type'>): TFieldSchema => ({ label: L('حقل', 'Field'), ...f });

describe('showValue', () => {
  const show = (f: TFieldSchema, v: unknown, lang: 'ar' | 'en' = 'en') => showValue(f, v, lang, [attachment], labels);

  it('shows an option by its label in the language', () => {
    const select = field({ type: 'select', uniforms: { options: [{ value: 'x', label: L('إكس', 'Ex') }] } });
    expect(show(select, 'x')).toEqual({ kind: 'text', text: 'Ex' });
    expect(show(select, 'x', 'ar')).toEqual({ kind: 'text', text: 'إكس' });
  });

  it('writes numbers in the language digits with the postfix, and dates as D MMMM YYYY', () => {
    expect(show(field({ type: 'number', postfix: L('ك.و.س', 'kWh') }), 1250, 'ar')).toEqual({
      kind: 'text',
      text: '١٬٢٥٠ ك.و.س',
    });
    expect(show(field({ type: 'date' }), '2026-10-05')).toEqual({ kind: 'text', text: '5 October 2026' });
  });

  it('keeps data (mobile, national id, meter numbers) as typed, left to right', () => {
    expect(show(field({ type: 'phone' }), '01012345678', 'ar')).toEqual({ kind: 'text', text: '01012345678', ltr: true });
  });

  it('shows files by their stored name, from ids or { id, name } values', () => {
    expect(show(field({ type: 'image' }), ['a1'])).toEqual({
      kind: 'files',
      files: [{ id: 'a1', name: 'fault.png', size: 2048, mime: 'image/png' }],
    });
    expect(show(field({ type: 'file' }), { id: 'b2', name: 'x.pdf' })).toMatchObject({
      kind: 'files',
      files: [{ id: 'b2', name: 'x.pdf' }],
    });
  });

  it('leaves out empty, hidden and password values', () => {
    expect(show(field({ type: 'text' }), '')).toBeUndefined();
    expect(show(field({ type: 'text', hidden: true }), 'x')).toBeUndefined();
    expect(show(field({ type: 'password' }), 'secret')).toBeUndefined();
    expect(show(field({ type: 'file' }), [])).toBeUndefined();
  });

  it('shows a checkbox as yes or no, and a location by its parts', () => {
    expect(show(field({ type: 'checkbox' }), true)).toEqual({ kind: 'yesNo', value: true });
    expect(show(field({ type: 'location' }), { governorate: 'gov-cairo', address: 'Nile St.' })).toEqual({
      kind: 'group',
      fields: [
        { id: 'governorate', label: 'Governorate', value: { kind: 'text', text: 'gov-cairo' } },
        { id: 'address', label: 'Address', value: { kind: 'text', text: 'Nile St.' } },
      ],
    });
  });

  it('shows a list entry by entry with the nested labels', () => {
    const list = field({ type: 'list', schema: { name: field({ type: 'text', label: L('الاسم', 'Name') }) } });
    expect(show(list, [{ name: 'Mona' }, { name: 'Ali' }])).toEqual({
      kind: 'list',
      rows: [
        [{ id: 'name', label: 'Name', value: { kind: 'text', text: 'Mona' } }],
        [{ id: 'name', label: 'Name', value: { kind: 'text', text: 'Ali' } }],
      ],
    });
  });
});

describe('showActivity', () => {
  it('keeps the form order by step and leaves out steps without values', () => {
    const activity: TActivity = {
      activityId: 'apply',
      label: L('تقديم', 'Apply'),
      actor: 'citizen',
      steps: [
        {
          stepId: 'one',
          label: L('الأولى', 'First'),
          fieldsSchema: { b: field({ type: 'text', label: L('ب', 'B') }), a: field({ type: 'text', label: L('أ', 'A') }) },
        },
        { stepId: 'two', label: L('الثانية', 'Second'), fieldsSchema: { c: field({ type: 'text' }) } },
      ],
    };
    const steps = showActivity(activity, { a: '1', b: '2' }, 'en', [], labels);
    expect(steps.map((s) => s.label)).toEqual(['First']);
    expect(steps[0]!.fields.map((f) => f.label)).toEqual(['B', 'A']);
    expect(showActivity(undefined, { a: '1' }, 'en', [], labels)).toEqual([]);
  });
});

describe('stageDueDate', () => {
  it('adds the stage days to its start', () => {
    expect(stageDueDate('2026-11-20T10:00:00Z', 7).toISOString()).toBe('2026-11-27T10:00:00.000Z');
  });
});
