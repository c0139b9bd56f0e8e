import { Trans, useLingui } from '@lingui/react/macro';
import type { SelectHTMLAttributes } from 'react';
import type { TLang, TLocalized } from '../../contract/common.ts';
import { Field } from './ui/field.tsx';

/** A choice of a filter: its value in the address and its label in both languages. */
export type FilterOption = { value: string; label: TLocalized };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children' | 'className' | 'disabled'>;

/**
 * The service and status filters of a list of requests, the citizen's "my requests" and the staff inbox alike
 * (decision 050: one part instead of two copies): "All services", then each service; "All statuses", then the
 * chosen service's statuses, the select disabled with a hint until a service is chosen. Each select's own props
 * say how it is driven (`value` and `onChange`, or `name` and `defaultValue` in a form read on submit).
 */
export function ServiceStatusSelects({
  id,
  services,
  statuses,
  serviceProps,
  statusProps,
  labelClassName,
}: {
  id: string;
  services: readonly FilterOption[];
  statuses: readonly FilterOption[];
  serviceProps: SelectProps;
  statusProps: SelectProps;
  labelClassName?: string;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  return (
    <>
      <Field id={`${id}-service`} label={<Trans>Service</Trans>} {...(labelClassName ? { labelClassName } : {})}>
        <select className="input" {...serviceProps}>
          <option value="">{t`All services`}</option>
          {services.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label[lang]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={`${id}-status`}
        label={<Trans>Status</Trans>}
        {...(labelClassName ? { labelClassName } : {})}
        hint={statuses.length === 0 ? <Trans>Choose a service to filter by status.</Trans> : undefined}
      >
        <select className="input" disabled={statuses.length === 0} {...statusProps}>
          <option value="">{t`All statuses`}</option>
          {statuses.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label[lang]}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
