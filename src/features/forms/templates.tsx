import { Trans, useLingui } from '@lingui/react/macro';
import type {
  ArrayFieldItemButtonsTemplateProps,
  ArrayFieldItemTemplateProps,
  ArrayFieldTemplateProps,
  DescriptionFieldProps,
  FieldTemplateProps,
  IconButtonProps,
  ObjectFieldTemplateProps,
  RJSFSchema,
  TemplatesType,
  TitleFieldProps,
} from '@rjsf/utils';
import { Field } from '../../components/ui/field.tsx';
import { RawErrors, Help, LabelText, errorIdOf, helpOf, widgetOf } from './field-parts.tsx';
import { GROUP_WIDGETS } from './widgets.tsx';
import { useFormContext } from './form-context.ts';

/*
 * Our templates for rjsf: no Bootstrap class names, logical properties only, one visible label per field, its
 * hint, its error. Objects (the form itself, a location, a list entry) and lists draw a fieldset.
 */

const isObjectSchema = (s: RJSFSchema) => s.type === 'object' || (s.properties !== undefined && s.type === undefined);
const isContainer = (s: RJSFSchema, widget: string | undefined) =>
  isObjectSchema(s) ||
  (s.type === 'array' && widget === undefined && typeof s.items === 'object' && (s.items as RJSFSchema).type === 'object') ||
  widget === 'list';

function FieldTemplate(p: FieldTemplateProps) {
  const { id, label, children, rawErrors, required, hidden, displayLabel, schema, uiSchema, readonly } = p;
  const after = useFormContext().after?.[p.fieldPathId.path.join('.')];
  if (hidden) return <div className="hidden">{children}</div>;
  const widget = widgetOf(uiSchema);
  // Containers draw their own fieldset and errors; so do widgets that are groups (radio buttons, files...).
  if (isContainer(schema, widget)) return children;
  const ownChrome =
    schema.type === 'array' ||
    (widget !== undefined && GROUP_WIDGETS.has(widget)) ||
    (widget === 'checkbox' && schema.type !== 'boolean');
  if (ownChrome) {
    return (
      <div className="flex flex-col gap-1" data-field={id}>
        {children}
        {after}
      </div>
    );
  }
  if (displayLabel && widget !== 'checkbox' && schema.type !== 'boolean') {
    // The widget wires its own aria attributes (ariaOf): the field draws the label, hint and error around it.
    return (
      <Field
        id={id}
        label={label}
        optional={!required && !readonly}
        hint={helpOf(uiSchema)}
        error={rawErrors?.[0]}
        announce={false}
        after={after}
      >
        {() => children}
      </Field>
    );
  }
  return (
    <div className="flex flex-col gap-1" data-field={id}>
      <Help id={id} ui={uiSchema} />
      {children}
      <RawErrors id={id} errors={rawErrors} />
      {after}
    </div>
  );
}

function ObjectFieldTemplate(p: ObjectFieldTemplateProps) {
  const { title, properties, fieldPathId, required, readonly, uiSchema, schema } = p;
  const isRoot = fieldPathId.path.length === 0;
  const visible = properties.filter((x) => !x.hidden);
  if (isRoot) return <div className="flex flex-col gap-4">{properties.map((x) => x.content)}</div>;
  const location = widgetOf(uiSchema) === 'location';
  const errors = (p.errorSchema?.__errors ?? []) as string[];
  const label = (uiSchema?.['ui:title'] as string | undefined) ?? title ?? schema.title ?? '';
  return (
    <fieldset
      id={fieldPathId.$id}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-line p-3"
      aria-describedby={errors.length ? errorIdOf(fieldPathId.$id) : undefined}
    >
      {label && (
        <legend className="px-1 font-medium">
          <LabelText label={label} required={required} readonly={readonly} />
        </legend>
      )}
      <Help id={fieldPathId.$id} ui={uiSchema} />
      <div className={location ? 'grid gap-3 sm:grid-cols-2' : 'flex flex-col gap-3'}>
        {visible.length !== properties.length ? properties.map((x) => x.content) : visible.map((x) => x.content)}
      </div>
      <RawErrors id={fieldPathId.$id} errors={errors} />
    </fieldset>
  );
}

function ArrayFieldTemplate(p: ArrayFieldTemplateProps) {
  const { t } = useLingui();
  const { title, items, canAdd, onAddClick, fieldPathId, required, readonly, disabled, uiSchema, schema, rawErrors } = p;
  const label = (uiSchema?.['ui:title'] as string | undefined) ?? title ?? schema.title ?? '';
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const bounds =
    max !== undefined
      ? min > 0
        ? t`From ${min} to ${max} entries.`
        : t`Up to ${max} entries.`
      : min > 0
        ? t`At least ${min} entries.`
        : undefined;
  const errors = rawErrors ?? [];
  return (
    <fieldset
      id={fieldPathId.$id}
      className="flex min-w-0 flex-col gap-3"
      aria-describedby={errors.length ? errorIdOf(fieldPathId.$id) : undefined}
    >
      <legend className="mb-1 font-medium">
        <LabelText label={label} required={required || min > 0} readonly={readonly} />
      </legend>
      <Help id={fieldPathId.$id} ui={uiSchema} />
      {bounds && <p className="text-sm text-ink-muted">{bounds}</p>}
      <ol className="flex flex-col gap-3">{items}</ol>
      <RawErrors id={fieldPathId.$id} errors={errors} />
      {canAdd && !readonly && (
        <div>
          <button type="button" className="btn-outline" onClick={onAddClick} disabled={disabled}>
            <Trans>Add an entry</Trans>
            <span className="sr-only">{label}</span>
          </button>
        </div>
      )}
    </fieldset>
  );
}

function ArrayFieldItemTemplate(p: ArrayFieldItemTemplateProps) {
  const { children, index, buttonsProps, hasToolbar } = p;
  const n = index + 1;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line bg-card p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-semibold text-ink-muted">
          <Trans>Entry {n}</Trans>
        </span>
        {hasToolbar && <ArrayFieldItemButtonsTemplate {...buttonsProps} />}
      </div>
      {children}
    </li>
  );
}

function ArrayFieldItemButtonsTemplate(p: ArrayFieldItemButtonsTemplateProps) {
  const min = typeof p.schema.minItems === 'number' ? p.schema.minItems : 0;
  if (!p.hasRemove || p.readonly) return null;
  const n = p.index + 1;
  return (
    <button
      type="button"
      className="inline-flex min-h-11 items-center px-2 text-danger underline disabled:opacity-50"
      onClick={p.onRemoveItem}
      disabled={p.disabled || p.totalItems <= min}
    >
      <Trans>Remove</Trans>
      <span className="sr-only">
        <Trans>entry {n}</Trans>
      </span>
    </button>
  );
}

function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  return (
    <legend id={id} className="font-medium">
      <LabelText label={title} required={required} />
    </legend>
  );
}

function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  return description ? (
    <p id={id} className="text-sm text-ink-muted">
      {description}
    </p>
  ) : null;
}

const Nothing = () => null;
function IconButton({ onClick, disabled, className }: IconButtonProps) {
  return <button type="button" className={className} onClick={onClick} disabled={disabled} hidden />;
}

export const TEMPLATES: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
  ButtonTemplates?: Partial<TemplatesType['ButtonTemplates']>;
} = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldItemButtonsTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  ArrayFieldTitleTemplate: Nothing,
  ArrayFieldDescriptionTemplate: Nothing,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  ErrorListTemplate: Nothing,
  ButtonTemplates: {
    SubmitButton: Nothing,
    AddButton: IconButton,
    CopyButton: IconButton,
    MoveDownButton: IconButton,
    MoveUpButton: IconButton,
    RemoveButton: IconButton,
    ClearButton: IconButton,
  },
};
