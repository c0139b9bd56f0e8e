import { describe, expect, it } from 'vitest';
import { cairoDayStart, monthsSpanned, parseReportQuery } from './filters.ts';
import { seededService } from '../../test/request-helpers.ts';
import { AppError } from '../app-error.ts';

/* A report's query parsed (decision 056): Cairo days as instants across summer time, and the range limit. */

const ctx = { maxMonths: 12, services: [seededService('CODEMETER')], now: new Date('2026-11-27T10:00:00Z') };
const accepts = { dimensions: ['service', 'day'] as const, filters: ['service', 'status'] as const };
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
  return 'none';
};

describe('report filters', () => {
  it("a Cairo day begins at Cairo's midnight, in winter (+2) and in summer time (+3)", () => {
    expect(cairoDayStart('2026-01-15').toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(cairoDayStart('2026-07-15').toISOString()).toBe('2026-07-14T21:00:00.000Z');
    const f = parseReportQuery({ from: '2026-07-01', to: '2026-07-31' }, accepts, ctx);
    expect(f.fromAt.toISOString()).toBe('2026-06-30T21:00:00.000Z');
    expect(f.toAt.toISOString()).toBe('2026-07-31T21:00:00.000Z');
    expect(f.by).toBe('service');
  });

  it('counts a month begun as whole: a calendar year is 12 months, a day more is 13', () => {
    expect(monthsSpanned('2026-01-01', '2026-12-31')).toBe(12);
    expect(monthsSpanned('2026-01-15', '2027-01-14')).toBe(12);
    expect(monthsSpanned('2026-01-15', '2027-01-15')).toBe(13);
    expect(monthsSpanned('2026-03-01', '2026-03-01')).toBe(1);
  });

  it('refuses a long or backwards range, a grouping or filter the report does not take, an unknown status', () => {
    expect(codeOf(() => parseReportQuery({ from: '2026-01-01', to: '2027-01-01' }, accepts, ctx))).toBe(
      'DATE_RANGE_EXCEEDS_LIMIT',
    );
    expect(codeOf(() => parseReportQuery({ from: '2026-02-01', to: '2026-01-01' }, accepts, ctx))).toBe(
      'DATE_RANGE_EXCEEDS_LIMIT',
    );
    const range = { from: '2026-01-01', to: '2026-01-31' };
    expect(codeOf(() => parseReportQuery({ ...range, by: 'company' }, accepts, ctx))).toBe('INVALID_FILTER');
    expect(codeOf(() => parseReportQuery({ ...range, channel: 'agent' }, accepts, ctx))).toBe('INVALID_FILTER');
    expect(codeOf(() => parseReportQuery({ ...range, status: 'nope' }, accepts, ctx))).toBe('INVALID_FILTER');
    expect(codeOf(() => parseReportQuery({ ...range, status: 'installed' }, accepts, ctx))).toBe('none');
    expect(codeOf(() => parseReportQuery(range, accepts, { ...ctx, maxMonths: 0 }))).toBe('DATE_RANGE_EXCEEDS_LIMIT');
  });
});
