import { useLingui } from '@lingui/react/macro';
import type { WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { Notice } from '../../components/ui/notice.tsx';
import { errorMessages } from '../../lib/error-display.ts';
import { ariaOf, uiOptionsOf } from './field-parts.tsx';
import { useFormContext } from './form-context.ts';
import { formKeys } from './keys.ts';

/**
 * A select whose options come from the server (`POST /api/requests/:serviceSlug/fieldHandler`, through the form's
 * `loadOptions`), given the values of the fields it depends on (`lazyLoad.apiDependencies`). Until every
 * dependency has a value it waits; when one changes, the form clears this field's value (schema-form.tsx).
 */
export function LazySelectWidget(p: WidgetProps) {
  const { t, i18n } = useLingui();
  const { formData, loadOptions, loaderKey } = useFormContext();
  const deps = uiOptionsOf(p.uiSchema).lazyLoad?.apiDependencies ?? [];
  const dependencies = Object.fromEntries(deps.map((d) => [d, formData[d]]));
  const ready = deps.every((d) => formData[d] !== undefined && formData[d] !== '' && formData[d] !== null);
  const fieldId = p.name;
  const q = useQuery({
    queryKey: formKeys.fieldOptions(loaderKey, fieldId, dependencies),
    queryFn: () => loadOptions!(fieldId, dependencies),
    enabled: ready && loadOptions !== undefined,
    staleTime: 5 * 60_000,
  });
  const value = p.value === undefined || p.value === null ? '' : String(p.value);
  const options = q.data ?? [];
  const status = !ready ? t`Fill in the fields above first.` : q.isPending ? t`Loading the choices…` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <select
        id={p.id}
        name={p.htmlName ?? p.id}
        className="input"
        value={value}
        disabled={p.disabled || p.readonly || !ready || q.isPending}
        aria-busy={ready && q.isFetching ? true : undefined}
        onChange={(e) => p.onChange(e.target.value === '' ? p.options.emptyValue : e.target.value)}
        onBlur={(e) => p.onBlur(p.id, e.target.value)}
        onFocus={(e) => p.onFocus(p.id, e.target.value)}
        {...ariaOf(p)}
      >
        <option value="">{status ?? (p.placeholder || t`Choose…`)}</option>
        {/* A value chosen before (a draft) stays shown while its options load. */}
        {value && !options.some((o) => o.value === value) && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {q.isError && (
        <Notice tone="error" inline className="text-sm">
          {errorMessages(i18n, q.error as Parameters<typeof errorMessages>[1])[0]}{' '}
          <button type="button" className="underline" onClick={() => void q.refetch()}>
            {t`Try again`}
          </button>
        </Notice>
      )}
    </div>
  );
}
