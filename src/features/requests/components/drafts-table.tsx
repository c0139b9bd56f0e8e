import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { useHints } from '../../../lib/session.ts';
import { formatDateTime } from '../../../lib/text/format.ts';
import { submitWrite } from '../../outbox/index.ts';
import { serverDraftsQuery } from '../api.ts';
import { draftKeys } from '../keys.ts';
import { listLocalDrafts, removeLocalDraft, removeLocalDraftByServerId, type LocalDraft } from '../local-drafts.ts';
import { ConfirmDialog } from './add-confirm-dialog.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';

type Row = {
  key: string;
  serviceSlug: string;
  label: { ar: string; en: string } | undefined;
  savedAt: number;
  /** Saved on the server under this id (continues on any device); else only on this device. */
  serverId: string | undefined;
  local: LocalDraft | undefined;
};

/**
 * The user's drafts (spec section 2 "Drafts and my requests table"): those saved to the account ("Save as
 * draft", on any device) and the forms this device autosaved, each once, newest first; continue or delete.
 * Only the current user's: another user of the device never sees them. `serviceSlug` narrows it to one service.
 */
export function DraftsTable({ serviceSlug }: { serviceSlug?: string | undefined }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const hints = useHints();
  const queryClient = useQueryClient();
  const server = useQuery({ ...serverDraftsQuery(serviceSlug), enabled: hints !== null });
  const [locals, setLocals] = useState<LocalDraft[]>([]);
  const [asking, setAsking] = useState<Row | undefined>();
  const loadLocals = useCallback(() => {
    void listLocalDrafts().then((all) => setLocals(all.filter((d) => !serviceSlug || d.serviceSlug === serviceSlug)));
  }, [serviceSlug]);
  useEffect(loadLocals, [loadLocals, hints?.userId]);

  const rows: Row[] = [];
  for (const d of server.data?.items ?? []) {
    const local = locals.find((l) => l.serverId === d.id);
    rows.push({
      key: d.id,
      serviceSlug: d.serviceSlug,
      label: d.serviceLabel,
      savedAt: Math.max(Date.parse(d.updatedAt), local?.updatedAt ?? 0),
      serverId: d.id,
      local,
    });
  }
  for (const l of locals)
    if (!rows.some((r) => r.local === l))
      rows.push({
        key: l.key,
        serviceSlug: l.serviceSlug,
        label: l.serviceLabel,
        savedAt: l.updatedAt,
        serverId: l.serverId,
        local: l,
      });
  rows.sort((a, b) => b.savedAt - a.savedAt);

  const remove = async (row: Row) => {
    setAsking(undefined);
    if (row.serverId) {
      await removeLocalDraftByServerId(row.serverId);
      await submitWrite({ kind: 'draftDelete', input: { params: { id: row.serverId } } }, { keepRefused: true });
      void queryClient.invalidateQueries({ queryKey: draftKeys.all });
    }
    if (row.local) await removeLocalDraft({ serviceSlug: row.local.serviceSlug, activityId: row.local.activityId });
    loadLocals();
  };

  const nameOf = (r: Row) => r.label?.[lang] ?? r.serviceSlug;
  const columns: Column<Row>[] = [
    { id: 'service', header: t`Service`, cell: (r) => <span className="font-medium">{nameOf(r)}</span> },
    { id: 'savedAt', header: t`Last saved`, cell: (r) => formatDateTime(lang, r.savedAt) },
    {
      id: 'kept',
      header: t`Kept`,
      cell: (r) => (r.serverId ? <Trans>In your account</Trans> : <Trans>On this device</Trans>),
    },
    {
      id: 'actions',
      header: t`Actions`,
      headerHidden: true,
      cell: (r) => {
        const name = nameOf(r);
        return (
          <div className="flex flex-wrap gap-2">
            <Link
              to="/services/$serviceSlug/add"
              params={{ serviceSlug: r.serviceSlug }}
              search={r.serverId ? { draft: r.serverId } : {}}
              className="btn-primary min-h-11"
              aria-label={t`Continue the draft of ${name}`}
            >
              <Trans>Continue</Trans>
            </Link>
            <button
              type="button"
              className="btn-outline min-h-11"
              onClick={() => setAsking(r)}
              aria-label={t`Delete the draft of ${name}`}
            >
              <Trans>Delete</Trans>
            </button>
          </div>
        );
      },
    },
  ];

  if (rows.length === 0)
    return (
      <p className="text-ink-muted" data-testid="drafts-empty">
        {server.isPending && hints ? <Trans>Loading drafts…</Trans> : <Trans>You have no drafts.</Trans>}
      </p>
    );

  return (
    <>
      <DataTable
        caption={t`Drafts`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.key}
        rowProps={() => ({ 'data-testid': 'draft-row' })}
        testId="drafts-table"
      />
      {asking && (
        <ConfirmDialog
          title={t`Delete this draft?`}
          body={t`The draft is removed from this device and from your account.`}
          confirmLabel={t`Delete the draft`}
          onConfirm={() => void remove(asking)}
          onCancel={() => setAsking(undefined)}
        />
      )}
    </>
  );
}
