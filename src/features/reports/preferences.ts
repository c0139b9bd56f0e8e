/* eslint-disable lingui/no-unlocalized-strings -- storage keys, not interface text */
import { useCallback, useState } from 'react';

/*
 * What an employee chooses on the report screens, kept on this device per employee (localStorage keyed by the
 * user's id, like the inbox's saved order): the automatic refresh's interval. The extra columns each report shows
 * are the data table's column choice (src/components/ui/column-choice.ts) under a table id that names the report
 * and the employee (`reportTableId`).
 */

/** The refresh intervals offered, in minutes (0: off). */
export const REFRESH_MINUTES = [0, 1, 5, 15] as const;
export type RefreshMinutes = (typeof REFRESH_MINUTES)[number];

const refreshKey = (userId: string) => `report-refresh:${userId}`;

export function savedRefresh(userId: string | undefined): RefreshMinutes {
  if (!userId) return 0;
  try {
    const n = Number(localStorage.getItem(refreshKey(userId)));
    return (REFRESH_MINUTES as readonly number[]).includes(n) ? (n as RefreshMinutes) : 0;
  } catch {
    return 0;
  }
}

export function useRefreshChoice(userId: string | undefined) {
  const [state, setState] = useState<{ userId: string | undefined; minutes: RefreshMinutes }>(() => ({
    userId,
    minutes: savedRefresh(userId),
  }));
  const minutes = state.userId === userId ? state.minutes : savedRefresh(userId);
  const choose = useCallback(
    (next: RefreshMinutes) => {
      if (userId) localStorage.setItem(refreshKey(userId), String(next));
      setState({ userId, minutes: next });
    },
    [userId],
  );
  return { minutes, choose };
}

/** The column choice's table id of one report for one employee. */
export const reportTableId = (reportId: string, userId: string | undefined) => `report:${reportId}:${userId ?? 'anyone'}`;
