/* eslint-disable lingui/no-unlocalized-strings -- date stamps and Intl options, not interface text */
import type { I18n } from '@lingui/core';
import type { TLang } from '../../../contract/common.ts';
import type { TReportColumn, TReportRow } from '../../../contract/reports.ts';
import { formatDate, formatMonth, formatNumber, formatPiastres, numberLocale } from '../../lib/text/format.ts';
import { COLUMN_NAMES } from './names.ts';

/*
 * A report's cells as the screens write them (contract/reports.ts `COLUMN_KINDS`): counts as numbers, money as EGP
 * from piastres, days with one decimal, percents, averages with two decimals, days and months as dates, a
 * dimension's value by its localized name; an empty cell is a dash. The table, the chart's labels, the print and the
 * screen-reader table all use these.
 */

type Cell = TReportRow[string];
const MONTH = /^\d{4}-\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const percentFormats = new Map<TLang, Intl.NumberFormat>();
const decimals = new Map<string, Intl.NumberFormat>();

const fixed = (lang: TLang, n: number, digits: number): string => {
  const key = `${lang}:${digits}`;
  let f = decimals.get(key);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(lang), { minimumFractionDigits: digits, maximumFractionDigits: digits });
    decimals.set(key, f);
  }
  return f.format(n);
};

/** A percent cell: the number is the percent itself (12.5 is 12.5 %). */
export function formatPercent(lang: TLang, n: number): string {
  let f = percentFormats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(lang), { style: 'percent', maximumFractionDigits: 1 });
    percentFormats.set(lang, f);
  }
  return f.format(n / 100);
}

/** A number of the column's kind, written for people. */
export function formatValue(lang: TLang, kind: TReportColumn['kind'], n: number): string {
  switch (kind) {
    case 'money':
      return formatPiastres(lang, n);
    case 'days':
      return fixed(lang, n, 1);
    case 'percent':
      return formatPercent(lang, n);
    case 'average':
      return fixed(lang, n, 2);
    default:
      return formatNumber(lang, n);
  }
}

/** One cell as text. */
export function cellText(lang: TLang, column: Pick<TReportColumn, 'kind'>, cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '—';
  if (typeof cell === 'object') return cell[lang];
  if (typeof cell === 'number') return formatValue(lang, column.kind, cell);
  if (column.kind === 'date' || column.kind === 'dimension') {
    if (DAY.test(cell)) return formatDate(lang, `${cell}T12:00:00Z`);
    if (MONTH.test(cell)) return formatMonth(lang, cell);
  }
  return cell;
}

/** A column's name from the catalogs (an unknown key: the key itself). */
export function columnName(i18n: I18n, key: string): string {
  const d = COLUMN_NAMES[key];
  return d ? i18n._(d) : key;
}

/** The number a chart draws for a cell (none for a text or an empty cell); money in pounds. */
export function chartNumber(column: Pick<TReportColumn, 'kind'>, cell: Cell | undefined): number | undefined {
  if (typeof cell !== 'number') return undefined;
  return column.kind === 'money' ? cell / 100 : cell;
}

/** Whether a column's cells are numbers (the table aligns them at the end; a chart may draw them). */
export const isNumeric = (c: Pick<TReportColumn, 'kind'>): boolean =>
  c.kind === 'count' || c.kind === 'money' || c.kind === 'days' || c.kind === 'percent' || c.kind === 'average';
