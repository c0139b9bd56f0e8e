/*
 * One CSV cell, for every CSV the portal writes (the reports' exports, the data-access record): a date as its day,
 * a number as it is, text quoted where it holds a comma, a quote or a line break. Text a spreadsheet would run as a
 * formula (starting with =, +, -, @, a tab or a carriage return) starts with an apostrophe (OWASP's CSV injection);
 * a number is never touched, so a negative amount stays a number.
 */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return String(v);
  const s = String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
