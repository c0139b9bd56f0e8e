import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { TActivity, TService } from '../../../../contract/catalog.ts';
import { ErrorSummary } from '../../../components/ui/error-summary.tsx';
import { Field } from '../../../components/ui/field.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/error-display.ts';
import { formatNumber } from '../../../lib/text/format.ts';
import { useSaveForm } from '../api.ts';
import { VersionForm } from './version-form.tsx';

/**
 * A new version of a service's forms (issue 26): its activities as the definition holds them (JSON), checked by the
 * server when saved, which generates the new version's validator modules then (decision 018). Requests filed
 * before keep the version they were filed with; new ones are filed with the new one.
 */
export function ServiceFormEditor({
  service,
  onReload,
  onSaved,
}: {
  service: TService;
  onReload: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  const save = useSaveForm(service.serviceSlug, onSaved);
  const [text, setText] = useState(() => JSON.stringify(service.activities, null, 2));
  const [parseError, setParseError] = useState<string | undefined>();
  const id = useId();
  const error = save.error as ApiError | null;
  // The server names where the form is wrong: its path in the activities, and what it found.
  const what = (code: string | undefined): string =>
    code === 'duplicate'
      ? t`used twice`
      : code === 'pattern'
        ? t`not a regular expression`
        : code === 'required'
          ? t`an activity the workflow asks for is missing`
          : t`not valid`;
  const problems =
    error?.code === 'INVALID_INPUT'
      ? Object.entries(error.fieldErrors ?? {}).map(([path, codes]) => {
          const problem = what(codes[0]);
          return t`${path}: ${problem}`;
        })
      : [];
  if (error?.code === 'INVALID_INPUT' && problems.length === 0) problems.push(...errorMessages(i18n, error));
  const version = formatNumber(i18n.locale as 'ar' | 'en', service.version);

  return (
    <VersionForm
      className="flex flex-col gap-3"
      title={<Trans>Forms</Trans>}
      intro={
        <p className="text-ink-muted">
          <Trans>
            Version {version}. Saving makes a new version: requests already filed keep the version they were filed with.
          </Trans>
        </p>
      }
      error={error}
      pending={save.isPending}
      save={<Trans>Save as a new version</Trans>}
      onSubmit={() => {
        let activities: TActivity[];
        try {
          activities = JSON.parse(text) as TActivity[];
        } catch {
          setParseError(t`The forms are not valid JSON.`);
          return;
        }
        setParseError(undefined);
        save.mutate({ version: service.version, activities });
      }}
      onReload={onReload}
    >
      {parseError && <ErrorSummary entries={[{ id: `${id}-json`, message: parseError }]} />}
      {problems.length > 0 && (
        <ErrorSummary title={t`The forms were not saved:`} entries={problems.map((p) => ({ id: `${id}-json`, message: p }))} />
      )}
      <Field
        id={`${id}-json`}
        label={<Trans>Activities (JSON)</Trans>}
        hint={<Trans>Each activity with its steps and their fields, as the service definition holds them.</Trans>}
        invalid={Boolean(parseError) || problems.length > 0}
      >
        <textarea
          className="input font-mono text-sm"
          dir="ltr"
          rows={16}
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
          }}
        />
      </Field>
    </VersionForm>
  );
}
