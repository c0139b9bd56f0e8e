import { useCallback, useState } from 'react';
import type { Column } from './data-table.tsx';

/*
 * Which columns of a data table the user hides, kept on this device (localStorage, like the inbox's saved order,
 * src/features/staff/saved-sort.ts) under `columns:<table id>`. Only hideable columns can be hidden; an unknown or
 * damaged value hides nothing. A column may be hidden until the user shows it (`hiddenByDefault`: a report's extra
 * columns): with nothing saved, those are the hidden ones. A new cache version wipes them with the saved sorts (`applyCacheVersion`,
 * src/lib/locale.ts).
 */

const keyOf = (tableId: string) => `columns:${tableId}`;

export function savedHiddenColumns(tableId: string | undefined): string[] | undefined {
  if (!tableId) return [];
  try {
    const saved = localStorage.getItem(keyOf(tableId));
    if (saved === null) return undefined;
    const v = JSON.parse(saved) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function useColumnChoice<T>(tableId: string | undefined, columns: readonly Column<T>[]) {
  const [saved, setSaved] = useState<{ tableId: string | undefined; hidden: string[] | undefined }>(() => ({
    tableId,
    hidden: savedHiddenColumns(tableId),
  }));
  const list =
    (saved.tableId === tableId ? saved.hidden : savedHiddenColumns(tableId)) ??
    columns.filter((c) => c.hiddenByDefault).map((c) => c.id);
  const hidden = new Set(list.filter((id) => columns.some((c) => c.id === id && c.hideable)));
  const toggle = useCallback(
    (id: string, show: boolean) => {
      if (!tableId) return;
      const next = show ? list.filter((x) => x !== id) : [...new Set([...list, id])];
      localStorage.setItem(keyOf(tableId), JSON.stringify(next));
      setSaved({ tableId, hidden: next });
    },
    [tableId, list],
  );
  return { hidden, toggle };
}
