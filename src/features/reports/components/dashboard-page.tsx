import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TLang } from '../../../../contract/common.ts';
import type { TDashboard } from '../../../../contract/reports.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { formatTime } from '../../../lib/text/format.ts';
import { useDashboard } from '../api.ts';
import { formatValue } from '../cells.ts';
import { PART_NAMES, PERCENT_PARTS, TILE_NAMES } from '../names.ts';

type Tile = TDashboard['tiles'][number];

/**
 * The statistics dashboard (spec section 2; ANALYTICS_DASHBOARD_USER): a tile per figure, each a link into its
 * report with the same filters, and under its number its breakdown as small bars (a list: the label and the
 * number are text, the bar only draws it). Refreshed every 5 minutes while the tab is shown.
 */
export function DashboardPage() {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const dashboard = useDashboard();
  const time = dashboard.data ? formatTime(lang, dashboard.data.generatedAt) : '';
  return (
    <div className="flex flex-col gap-4" data-testid="dashboard">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">
          <Trans>Dashboard</Trans>
        </h1>
        {dashboard.data && (
          <p className="text-sm text-ink-muted">
            <Trans>Updated at {time}</Trans>
          </p>
        )}
      </div>
      {dashboard.isPending ? (
        <RowsSkeleton />
      ) : dashboard.isError ? (
        <ErrorPanel error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {dashboard.data.tiles.map((tile) => (
            <li key={tile.id}>
              <DashboardTile tile={tile} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DashboardTile({ tile }: { tile: Tile }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const name = i18n._(TILE_NAMES[tile.id]);
  const max = Math.max(0, ...tile.parts.filter((p) => !PERCENT_PARTS.has(p.key)).map((p) => p.value));
  const partName = (p: Tile['parts'][number]): string => {
    if (p.label) return p.label[lang];
    const named = PART_NAMES[p.key];
    return named ? i18n._(named) : p.key;
  };
  return (
    <Link
      to="/reports/$reportId"
      params={{ reportId: tile.link.report }}
      search={tile.link.query}
      className="flex h-full flex-col gap-2 rounded-xl border border-line bg-card p-4 hover:border-brand"
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a test id
      data-testid={`tile-${tile.id}`}
    >
      <span className="font-semibold">{name}</span>
      <span className="text-3xl font-bold tabular-nums">
        {tile.value === null ? '—' : formatValue(lang, tile.kind, tile.value)}
      </span>
      {tile.parts.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm" aria-label={t`${name}: breakdown`}>
          {tile.parts.slice(0, 6).map((p) => (
            <li key={p.key} className="grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-2">
              <span className="truncate" title={partName(p)}>
                {partName(p)}
              </span>
              <span aria-hidden="true" className="h-2 rounded-full bg-line">
                <span
                  className="block h-2 rounded-full bg-brand"
                  style={{
                    inlineSize: `${PERCENT_PARTS.has(p.key) ? Math.min(100, p.value) : max === 0 ? 0 : Math.round((100 * p.value) / max)}%`,
                  }}
                />
              </span>
              <span className="tabular-nums">{formatValue(lang, PERCENT_PARTS.has(p.key) ? 'percent' : tile.kind, p.value)}</span>
            </li>
          ))}
        </ul>
      )}
    </Link>
  );
}
