import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useState } from 'react';
import type { TCatalogChange } from '../../../../contract/catalog-admin.ts';
import type { TLang } from '../../../../contract/common.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { CardsSkeleton } from '../../../components/skeleton.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { formatDateTime, formatNumber } from '../../../lib/text/format.ts';
import { useCatalogService } from '../api.ts';
import { ServiceFormEditor } from './service-form-editor.tsx';
import { ServiceSettingsForm } from './service-settings-form.tsx';

/** What a change record's names mean to the people who read it. */
const CHANGED: Record<string, MessageDescriptor> = {
  deactivated: msg`switched on or off`,
  fromDate: msg`start date`,
  toDate: msg`end date`,
  activation: msg`activation window`,
  hiddenOn: msg`where it shows`,
  disabledOn: msg`where it takes requests`,
  userTypes: msg`who may use it`,
  cost: msg`fee`,
  payMethods: msg`payment methods`,
  serviceLabel: msg`name`,
  description: msg`description`,
  requiredPapers: msg`required papers`,
  deactivationNote: msg`why it is off`,
  activities: msg`forms`,
};

/**
 * One service for the people who run it (issue 26): its state, its settings, its forms and the record of its
 * changes (who, what, when, which version). Each save is a new version; the forms below open with the saved one.
 */
export function ServiceEditor({ serviceSlug }: { serviceSlug: string }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const q = useCatalogService(serviceSlug);
  // What was saved last: the forms are drawn again with the new version, so the notice lives here.
  const [saved, setSaved] = useState<'settings' | 'form' | undefined>();
  if (q.isPending) return <CardsSkeleton count={3} />;
  if (q.isError) return <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />;
  const { service, changes, userTypes } = q.data;
  const reload = () => void q.refetch();
  const what = (c: TCatalogChange) =>
    c.fields
      .map((f) => {
        const [name, l] = f.split('.');
        const d = CHANGED[name ?? ''];
        const label = d ? i18n._(d) : f;
        return l ? `${label} (${l === 'ar' ? t`Arabic` : t`English`})` : label;
      })
      .join(lang === 'ar' ? '، ' : ', ');
  const columns: Column<TCatalogChange>[] = [
    { id: 'at', header: t`When`, rowHeader: true, cell: (c) => formatDateTime(lang, c.at) },
    { id: 'who', header: t`Who`, cell: (c) => <bdi>{c.actor.name}</bdi> },
    { id: 'what', header: t`What changed`, cell: what },
    { id: 'version', header: t`Version`, align: 'end', cell: (c) => formatNumber(lang, c.version) },
  ];
  const version = formatNumber(lang, service.version);
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-8" data-testid="service-editor" data-version={service.version}>
      <header className="flex flex-col gap-2">
        <Link to="/manage-services" className="self-start text-sm font-medium text-brand underline">
          <Trans>All services</Trans>
        </Link>
        <h1 className="text-2xl font-bold">{service.translations[lang].serviceLabel}</h1>
        <p className="text-ink-muted">
          <bdi dir="ltr">{service.serviceSlug}</bdi> · <Trans>Version {version}</Trans>
        </p>
        {service.deactivated ? (
          <Notice tone="warning" live="off">
            <Trans>Switched off: citizens see why on its page and new requests are refused.</Trans>
          </Notice>
        ) : !service.isActive ? (
          <Notice tone="info" live="off">
            <Trans>Outside its activation window: new requests are refused.</Trans>
          </Notice>
        ) : null}
      </header>
      {saved && (
        <Notice tone="success" testId={`${saved}-saved`}>
          {saved === 'settings' ? (
            <Trans>Saved. Every page shows the change within the catalog's cache time.</Trans>
          ) : (
            <Trans>The new version of the forms was saved and checked.</Trans>
          )}
        </Notice>
      )}
      {/* A saved version opens the forms again with what was stored (a key per version). */}
      <ServiceSettingsForm
        key={`settings-${service.version}`}
        service={service}
        userTypes={userTypes}
        onReload={reload}
        onSaved={() => setSaved('settings')}
      />
      <ServiceFormEditor key={`form-${service.version}`} service={service} onReload={reload} onSaved={() => setSaved('form')} />
      <section aria-labelledby="changes-title" className="flex flex-col gap-3">
        <h2 id="changes-title" className="text-xl font-semibold">
          <Trans>Changes</Trans>
        </h2>
        <DataTable
          caption={t`Changes to this service`}
          columns={columns}
          rows={changes}
          rowKey={(c) => c.id}
          rowProps={() => ({ 'data-testid': 'service-change' })}
          empty={<Trans>No change has been recorded yet.</Trans>}
        />
      </section>
    </article>
  );
}
