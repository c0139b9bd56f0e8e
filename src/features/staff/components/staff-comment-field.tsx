import type { ReactNode } from 'react';
import { Field } from '../../../components/ui/field.tsx';

/** The request panel's text boxes (a comment, a status comment, what information is needed): one look, one limit. */
export function StaffCommentField({
  id,
  label,
  value,
  onChange,
  required,
  labelClassName,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  required?: boolean | undefined;
  labelClassName?: string;
}) {
  return (
    <Field id={id} label={label} required={required} {...(labelClassName ? { labelClassName } : {})}>
      <textarea
        className="input min-h-20 py-2"
        value={value}
        maxLength={2000}
        dir="auto"
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
