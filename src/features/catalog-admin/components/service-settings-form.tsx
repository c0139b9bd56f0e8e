import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { settingsOf, type TServiceSettings, type TUserTypeChoice } from '../../../../contract/catalog-admin.ts';
import type { TActivationWindow, TService } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import { ErrorSummary, type SummaryEntry } from '../../../components/ui/error-summary.tsx';
import { errorIdOf, Field, FieldError, FieldHint, fieldAria } from '../../../components/ui/field.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { fieldErrorMessage } from '../../../lib/field-messages.ts';
import { useSaveSettings } from '../api.ts';
import { VersionForm } from './version-form.tsx';

type Draft = Omit<TServiceSettings, 'version'>;
type Kind = TActivationWindow['kind'];

const LANGS: readonly TLang[] = ['ar', 'en'];
/** A text's path in the settings (the server's field errors name it so). */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a field path, not interface text
const textPath = (l: TLang, key: keyof Draft['texts']['ar']) => `texts.${l}.${key}`;

/** A window of the kind chosen, keeping what was typed for it before. */
function windowOf(kind: Kind, was: TActivationWindow): TActivationWindow {
  if (was.kind === kind) return was;
  switch (kind) {
    case 'permanent':
      return { kind };
    case 'until':
      return { kind, date: new Date().toISOString().slice(0, 10) };
    case 'monthly':
      return { kind, minDay: 1, maxDay: 10, month: 'this' };
    case 'afterDelay':
      return { kind, delayDays: 0 };
  }
}

/**
 * A service's settings (issue 26): on or off with the note its page shows, dates and activation window, where it
 * shows and takes requests, texts and required papers in both languages, and its fee. Saved whole, naming the
 * version read; someone else's change first is SERVICE_CHANGED (reload, what was typed stays until then).
 */
export function ServiceSettingsForm({
  service,
  userTypes,
  onReload,
  onSaved,
}: {
  service: TService;
  /** The citizens' user types the service may be limited to. */
  userTypes: readonly TUserTypeChoice[];
  onReload: () => void;
  /** Told after a save (the form is drawn again with the new version, so the notice is its parent's). */
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const save = useSaveSettings(service.serviceSlug, onSaved);
  const [draft, setDraft] = useState<Draft>(() => settingsOf(service));
  const id = useId();
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
  };
  const setText = (l: TLang, patch: Partial<Draft['texts']['ar']>) =>
    set({ texts: { ...draft.texts, [l]: { ...draft.texts[l], ...patch } } });
  const toggle = (list: readonly ('web' | 'mobile')[], p: 'web' | 'mobile', on: boolean) =>
    on ? [...new Set([...list, p])] : list.filter((x) => x !== p);

  const langName = (l: TLang) => (l === 'ar' ? t`Arabic` : t`English`);
  const error = save.error as ApiError | null;
  const fieldErrors = error?.code === 'INVALID_INPUT' ? (error.fieldErrors ?? {}) : {};
  const fieldId = (path: string) => `${id}-${path.replaceAll('.', '-')}`;
  const labels: Record<string, string> = {
    userTypes: t`Who may use it`,
    fromDate: t`Available from`,
    toDate: t`Available until`,
    ...Object.fromEntries(
      LANGS.flatMap((l) => {
        const language = langName(l);
        return [
          [textPath(l, 'deactivationNote'), t`Why it is off (${language})`],
          [textPath(l, 'serviceLabel'), t`Name (${language})`],
          [textPath(l, 'description'), t`Description (${language})`],
          [textPath(l, 'requiredPapers'), t`Required papers (${language})`],
        ];
      }),
    ),
  };
  const errorOf = (path: string): string | undefined => {
    const code = fieldErrors[path]?.[0];
    return code ? fieldErrorMessage(i18n, { code }, { label: labels[path] ?? path, lang }) : undefined;
  };
  const entries: SummaryEntry[] = Object.keys(fieldErrors).map((path) => ({
    id: fieldId(path),
    label: labels[path] ?? path,
    message: errorOf(path) ?? '',
  }));

  const w = draft.activation;
  const num = (v: string) => (v === '' ? 0 : Number(v));

  return (
    <VersionForm
      className="flex flex-col gap-6"
      title={<Trans>Settings</Trans>}
      error={error}
      pending={save.isPending}
      save={<Trans>Save settings</Trans>}
      onSubmit={() => save.mutate({ ...draft, version: service.version })}
      onReload={onReload}
    >
      {entries.length > 0 && <ErrorSummary entries={entries} />}

      <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-4">
        <legend className="px-1 font-semibold">
          <Trans>Taking requests</Trans>
        </legend>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            checked={draft.deactivated}
            onChange={(e) => set({ deactivated: e.target.checked })}
            data-testid="switched-off"
          />
          <Trans>Switched off: new requests are refused</Trans>
        </label>
        {LANGS.map((l) => (
          <Field
            key={l}
            id={fieldId(textPath(l, 'deactivationNote'))}
            label={labels[textPath(l, 'deactivationNote')]}
            hint={<Trans>Shown on the service's page while it is switched off.</Trans>}
            error={errorOf(textPath(l, 'deactivationNote'))}
            required={draft.deactivated}
            optional={!draft.deactivated}
          >
            <textarea
              className="input"
              rows={2}
              dir={l === 'ar' ? 'rtl' : 'ltr'}
              lang={l}
              maxLength={500}
              value={draft.texts[l].deactivationNote}
              onChange={(e) => setText(l, { deactivationNote: e.target.value })}
            />
          </Field>
        ))}
      </fieldset>

      <fieldset className="grid gap-3 rounded-xl border border-line p-4 md:grid-cols-2">
        <legend className="px-1 font-semibold">
          <Trans>When it is available</Trans>
        </legend>
        <Field id={fieldId('fromDate')} label={labels.fromDate} optional error={errorOf('fromDate')}>
          <input
            type="date"
            className="input"
            value={draft.fromDate ?? ''}
            onChange={(e) => set({ fromDate: e.target.value || null })}
          />
        </Field>
        <Field id={fieldId('toDate')} label={labels.toDate} optional error={errorOf('toDate')}>
          <input
            type="date"
            className="input"
            value={draft.toDate ?? ''}
            onChange={(e) => set({ toDate: e.target.value || null })}
          />
        </Field>
        <Field id={`${id}-window`} label={<Trans>Activation window</Trans>}>
          <select className="input" value={w.kind} onChange={(e) => set({ activation: windowOf(e.target.value as Kind, w) })}>
            <option value="permanent">{t`Always active`}</option>
            <option value="until">{t`Active until a day`}</option>
            <option value="monthly">{t`Active on some days of each month`}</option>
            <option value="afterDelay">{t`Active after a delay`}</option>
          </select>
        </Field>
        {w.kind === 'until' && (
          <Field id={`${id}-until`} label={<Trans>Last day</Trans>}>
            <input
              type="date"
              className="input"
              required
              value={w.date}
              onChange={(e) => set({ activation: { ...w, date: e.target.value } })}
            />
          </Field>
        )}
        {w.kind === 'monthly' && (
          <div className="grid grid-cols-3 gap-2">
            <Field id={`${id}-min`} label={<Trans>From day</Trans>}>
              <input
                type="number"
                className="input"
                min={1}
                max={31}
                value={w.minDay}
                onChange={(e) => set({ activation: { ...w, minDay: num(e.target.value) } })}
              />
            </Field>
            <Field id={`${id}-max`} label={<Trans>To day</Trans>}>
              <input
                type="number"
                className="input"
                min={1}
                max={31}
                value={w.maxDay}
                onChange={(e) => set({ activation: { ...w, maxDay: num(e.target.value) } })}
              />
            </Field>
            <Field id={`${id}-month`} label={<Trans>Month</Trans>}>
              <select
                className="input"
                value={w.month}
                onChange={(e) => set({ activation: { ...w, month: e.target.value as 'this' | 'next' } })}
              >
                <option value="this">{t`This month`}</option>
                <option value="next">{t`Next month`}</option>
              </select>
            </Field>
          </div>
        )}
        {w.kind === 'afterDelay' && (
          <Field id={`${id}-delay`} label={<Trans>Days after its release</Trans>}>
            <input
              type="number"
              className="input"
              min={0}
              value={w.delayDays}
              onChange={(e) => set({ activation: { ...w, delayDays: num(e.target.value) } })}
            />
          </Field>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-1 rounded-xl border border-line p-4">
        <legend className="px-1 font-semibold">
          <Trans>Where it shows</Trans>
        </legend>
        <Check
          checked={draft.hiddenOn.includes('web')}
          onChange={(on) => set({ hiddenOn: toggle(draft.hiddenOn, 'web', on) })}
          label={<Trans>Hidden from citizens on the web (staff still see it)</Trans>}
        />
        <Check
          checked={draft.hiddenOn.includes('mobile')}
          onChange={(on) => set({ hiddenOn: toggle(draft.hiddenOn, 'mobile', on) })}
          label={<Trans>Hidden in the mobile app</Trans>}
        />
        <Check
          checked={draft.disabledOn.includes('web')}
          onChange={(on) => set({ disabledOn: toggle(draft.disabledOn, 'web', on) })}
          label={<Trans>Shown on the web, but no requests there</Trans>}
        />
        <Check
          checked={draft.disabledOn.includes('mobile')}
          onChange={(on) => set({ disabledOn: toggle(draft.disabledOn, 'mobile', on) })}
          label={<Trans>Shown in the mobile app, but no requests there</Trans>}
        />
      </fieldset>

      <fieldset
        className="flex flex-col gap-1 rounded-xl border border-line p-4"
        // A group names its hint and error (aria-invalid is for its boxes' own values, not the group's).
        {...fieldAria(fieldId('userTypes'), {
          hint: true,
          describedBy: errorOf('userTypes') ? errorIdOf(fieldId('userTypes')) : undefined,
        })}
      >
        <legend className="px-1 font-semibold">{labels.userTypes}</legend>
        <FieldHint id={fieldId('userTypes')}>
          <Trans>
            None ticked: everyone, visitors too. Ticked: only those accounts see it and file it; staff and agents see every
            service.
          </Trans>
        </FieldHint>
        <FieldError id={fieldId('userTypes')} announce={false}>
          {errorOf('userTypes')}
        </FieldError>
        {userTypes.map((type) => (
          <Check
            key={type.userSlug}
            checked={draft.userTypes.includes(type.userSlug)}
            onChange={(on) =>
              set({
                userTypes: on
                  ? [...new Set([...draft.userTypes, type.userSlug])]
                  : draft.userTypes.filter((x) => x !== type.userSlug),
              })
            }
            label={type.label[lang]}
            testId={`user-type-${type.userSlug}`}
          />
        ))}
      </fieldset>

      {LANGS.map((l) => (
        <fieldset
          key={l}
          className="flex flex-col gap-3 rounded-xl border border-line p-4"
          lang={l}
          dir={l === 'ar' ? 'rtl' : 'ltr'}
        >
          <legend className="px-1 font-semibold">
            {l === 'ar' ? <Trans>Texts in Arabic</Trans> : <Trans>Texts in English</Trans>}
          </legend>
          <Field
            id={fieldId(textPath(l, 'serviceLabel'))}
            label={labels[textPath(l, 'serviceLabel')]}
            error={errorOf(textPath(l, 'serviceLabel'))}
            required
          >
            <input
              className="input"
              maxLength={120}
              value={draft.texts[l].serviceLabel}
              onChange={(e) => setText(l, { serviceLabel: e.target.value })}
            />
          </Field>
          <Field
            id={fieldId(textPath(l, 'description'))}
            label={labels[textPath(l, 'description')]}
            error={errorOf(textPath(l, 'description'))}
            required
          >
            <textarea
              className="input"
              rows={3}
              maxLength={2000}
              value={draft.texts[l].description}
              onChange={(e) => setText(l, { description: e.target.value })}
            />
          </Field>
          <Field
            id={fieldId(textPath(l, 'requiredPapers'))}
            label={labels[textPath(l, 'requiredPapers')]}
            hint={<Trans>One paper a line.</Trans>}
            error={errorOf(textPath(l, 'requiredPapers'))}
            optional
          >
            <textarea
              className="input"
              rows={4}
              value={draft.texts[l].requiredPapers.join('\n')}
              onChange={(e) =>
                setText(l, {
                  requiredPapers: e.target.value
                    .split('\n')
                    .map((x) => x.trim())
                    .filter(Boolean),
                })
              }
            />
          </Field>
        </fieldset>
      ))}

      <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-4">
        <legend className="px-1 font-semibold">
          <Trans>Fee</Trans>
        </legend>
        <Check
          checked={draft.cost.kind === 'paid'}
          onChange={(on) => set({ cost: on ? { kind: 'paid', amount: 0 } : { kind: 'free' } })}
          label={<Trans>The service has a fee</Trans>}
        />
        {draft.cost.kind === 'paid' && (
          <Field
            id={`${id}-amount`}
            label={<Trans>Amount in pounds</Trans>}
            optional
            hint={<Trans>Empty: set per request.</Trans>}
          >
            <input
              type="number"
              className="input max-w-48"
              min={0}
              step="0.01"
              value={draft.cost.amount ?? ''}
              onChange={(e) =>
                set({ cost: e.target.value === '' ? { kind: 'paid' } : { kind: 'paid', amount: Number(e.target.value) } })
              }
            />
          </Field>
        )}
        <Check
          checked={draft.payMethods.includes('online')}
          onChange={(on) =>
            set({
              payMethods: on
                ? [...new Set([...draft.payMethods, 'online' as const])]
                : draft.payMethods.filter((p) => p !== 'online'),
            })
          }
          label={<Trans>Paid online</Trans>}
        />
        <Check
          checked={draft.payMethods.includes('office')}
          onChange={(on) =>
            set({
              payMethods: on
                ? [...new Set([...draft.payMethods, 'office' as const])]
                : draft.payMethods.filter((p) => p !== 'office'),
            })
          }
          label={<Trans>Paid at the office</Trans>}
        />
      </fieldset>
    </VersionForm>
  );
}

function Check({
  checked,
  onChange,
  label,
  testId,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: ReactNode;
  testId?: string;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      {label}
    </label>
  );
}
