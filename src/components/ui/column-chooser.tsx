import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/*
 * The data table's column chooser. Loaded when a table with hideable columns is drawn (data-table.tsx): Headless
 * UI's popover is about 18 KB gzip, which the tables without a chooser (the bill calculator's) do not carry.
 */

/** A "Columns" button opening a list of check boxes, one per hideable column (Escape closes it). */
export function ColumnChooser({
  columns,
  hidden,
  onToggle,
}: {
  columns: readonly { id: string; header: ReactNode; hideable?: boolean | undefined }[];
  hidden: ReadonlySet<string>;
  onToggle: (id: string, show: boolean) => void;
}) {
  return (
    <Popover className="relative">
      <PopoverButton className="btn-outline" data-testid="column-chooser">
        <Trans>Columns</Trans>
      </PopoverButton>
      <PopoverPanel className="absolute end-0 z-20 mt-2 w-64 rounded-xl border border-line bg-card p-4 shadow-lg">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">
            <Trans>Columns to show</Trans>
          </legend>
          {columns
            .filter((c) => c.hideable)
            .map((c) => (
              <label key={c.id} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={!hidden.has(c.id)}
                  onChange={(e) => onToggle(c.id, e.target.checked)}
                />
                {c.header}
              </label>
            ))}
        </fieldset>
      </PopoverPanel>
    </Popover>
  );
}
