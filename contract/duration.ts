import type { TLang } from './common.ts';

/*
 * A duration in natural units (issue 23: "valid for 1440 minutes" reads "24 hours"): whole hours from an hour up
 * to three days, whole days beyond, minutes when the hours are not whole. The interface words it with
 * `formatDuration` (src/lib/text/format.ts, catalog plurals); the server's messages (SMS, e-mail) with
 * `durationText` below, whose Arabic follows the number's agreement (ساعة واحدة، ساعتين، 3 ساعات، 24 ساعة).
 */
export type DurationUnit = 'minute' | 'hour' | 'day';

export function durationParts(minutes: number): { count: number; unit: DurationUnit } {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60 || m % 60 !== 0) return { count: m, unit: 'minute' };
  const hours = m / 60;
  if (hours > 72 && hours % 24 === 0) return { count: hours / 24, unit: 'day' };
  return { count: hours, unit: 'hour' };
}

// Arabic words by count: one, two (after «لمدة», the genitive dual), three to ten, eleven and more.
const AR: Record<DurationUnit, [string, string, string, string]> = {
  minute: ['دقيقة واحدة', 'دقيقتين', 'دقائق', 'دقيقة'],
  hour: ['ساعة واحدة', 'ساعتين', 'ساعات', 'ساعة'],
  day: ['يوم واحد', 'يومين', 'أيام', 'يومًا'],
};

/**
 * A duration as plain text in a language ('24 hours', '24 ساعة'), for the SMS and e-mails the server writes
 * (their numbers stay in Western digits, as the codes and amounts beside them).
 */
export function durationText(lang: TLang, minutes: number): string {
  const { count, unit } = durationParts(minutes);
  if (lang === 'en') return `${count} ${unit}${count === 1 ? '' : 's'}`;
  const [one, two, few, many] = AR[unit];
  if (count === 1) return one;
  if (count === 2) return two;
  return `${count} ${count >= 3 && count <= 10 ? few : many}`;
}
