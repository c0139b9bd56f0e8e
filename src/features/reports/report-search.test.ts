import { describe, expect, it } from 'vitest';
import * as contract from '../../../contract/reports.ts';
import {
  addMonths,
  AGE_GROUPS,
  DASHBOARD_TILES,
  FINANCIAL_REPORTS,
  OPERATIONAL_REPORTS,
  queryOf,
  rangeExceeds,
  REPORT_CHANNELS,
  REPORT_DIMENSIONS,
  REPORT_MAX_MONTHS_DEFAULT,
  REPORT_PAGE_SIZE_MAX,
  searchStringOf,
  thisMonth,
  validateReportSearch,
} from './report-search.ts';
import { reportsFor } from './access.ts';
import { cellText, formatPercent } from './cells.ts';

describe("a report's query in the address", () => {
  it('keeps what the contract accepts, under its names, and drops the rest', () => {
    const search = validateReportSearch({
      from: '2026-01-01',
      to: '2026-03-31',
      by: 'company',
      service: 'SMART_METER_UPGRADE',
      companyId: 'north-cairo',
      ageGroup: '60plus',
      channel: 'agent',
      page: '3',
      pageSize: 500,
      view: 'chart',
      status: '<script>',
    });
    expect(search).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      by: 'company',
      service: 'SMART_METER_UPGRADE',
      companyId: 'north-cairo',
      ageGroup: '60plus',
      channel: 'agent',
      page: 3,
    });
    // What the route keeps, the API accepts.
    expect(contract.ZReportQuery.safeParse(search).success).toBe(true);
    expect(validateReportSearch({ from: '2026-02-30', by: 'planet', ageGroup: 'teen' })).toEqual({});
  });

  it('shows this month in Cairo when the address names no dates', () => {
    // 23:30 UTC on 31 October is 1 November in Cairo.
    const now = new Date('2026-10-31T23:30:00Z');
    expect(thisMonth(now)).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(queryOf({ by: 'service' }, new Date('2026-11-27T10:00:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-27',
      by: 'service',
    });
  });

  it('refuses a range beyond REPORT_MAX_MONTHS, or ending before it starts', () => {
    expect(rangeExceeds('2026-01-01', '2026-12-31', 12)).toBe(false);
    expect(rangeExceeds('2026-01-01', '2027-01-01', 12)).toBe(true);
    expect(rangeExceeds('2026-03-31', '2026-03-30', 12)).toBe(true);
    expect(rangeExceeds('2026-11-01', '2026-11-01')).toBe(false);
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });

  it('writes the query for an export link, empty values left out', () => {
    expect(searchStringOf({ from: '2026-11-01', to: '2026-11-27', service: undefined, page: 2 })).toBe(
      'from=2026-11-01&to=2026-11-27&page=2',
    );
  });

  it("keeps the contract's lists (the screens carry a copy without the schema library)", () => {
    expect(OPERATIONAL_REPORTS).toEqual(contract.OPERATIONAL_REPORTS);
    expect(FINANCIAL_REPORTS).toEqual(contract.FINANCIAL_REPORTS);
    expect(REPORT_DIMENSIONS).toEqual(contract.REPORT_DIMENSIONS);
    expect(AGE_GROUPS).toEqual(contract.AGE_GROUPS);
    expect(REPORT_CHANNELS).toEqual(contract.REPORT_CHANNELS);
    expect(DASHBOARD_TILES).toEqual(contract.DASHBOARD_TILES);
    expect(REPORT_MAX_MONTHS_DEFAULT).toBe(contract.REPORT_MAX_MONTHS_DEFAULT);
    expect(REPORT_PAGE_SIZE_MAX).toBe(contract.REPORT_PAGE_SIZE_MAX);
  });
});

describe('which reports a member of staff sees', () => {
  it('financial reports only with ACCESS_FINANCIAL_REPORTS; operational with ACCESS_REPORTS or a product role', () => {
    expect(reportsFor(['ACCESS_REPORTS'])).toEqual([...OPERATIONAL_REPORTS]);
    expect(reportsFor(['ACCESS_FINANCIAL_REPORTS'])).toEqual([...FINANCIAL_REPORTS]);
    expect(reportsFor(['{product}'])).toEqual([...OPERATIONAL_REPORTS]);
    expect(reportsFor(['ACCESS_REPORTS', 'ACCESS_FINANCIAL_REPORTS'])).toHaveLength(11);
    expect(reportsFor(['HANDLE_METER_REQUESTS'])).toEqual([]);
  });
});

describe("a report's cells", () => {
  it('writes money in EGP from piastres, days with one decimal, percents, names and dates in the language', () => {
    expect(cellText('en', { kind: 'money' }, 125050)).toMatch(/^EGP\s1,250\.50$/);
    expect(cellText('ar', { kind: 'money' }, 125050)).toContain('١٬٢٥٠٫٥٠');
    expect(cellText('en', { kind: 'days' }, 3.25)).toBe('3.3');
    expect(cellText('en', { kind: 'count' }, 12000)).toBe('12,000');
    expect(formatPercent('en', 12.5)).toBe('12.5%');
    expect(cellText('ar', { kind: 'dimension' }, { ar: 'شمال القاهرة', en: 'North Cairo' })).toBe('شمال القاهرة');
    expect(cellText('en', { kind: 'dimension' }, '2026-11-05')).toBe('5 November 2026');
    expect(cellText('en', { kind: 'dimension' }, '2026-11')).toBe('November 2026');
    expect(cellText('en', { kind: 'count' }, null)).toBe('—');
  });
});
