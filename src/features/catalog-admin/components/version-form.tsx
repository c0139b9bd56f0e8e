import { Trans } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import type { ApiError } from '../../../lib/api-client.ts';

/*
 * A form that saves a new version of a service (its settings, its forms; decision 069): its title, why a save was
 * refused beyond its fields (whose errors are the form's summary) with a Reload when someone else saved a version
 * first (SERVICE_CHANGED), its fields, and the save button.
 */
export function VersionForm({
  title,
  intro,
  className,
  error,
  pending,
  save,
  onSubmit,
  onReload,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  className: string;
  error: ApiError | null;
  pending: boolean;
  save: ReactNode;
  onSubmit: () => void;
  onReload: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form
      className={className}
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {intro}
      <ErrorNotice box error={error?.code === 'INVALID_INPUT' ? null : error}>
        {error?.code === 'SERVICE_CHANGED' && (
          <button type="button" className="btn-outline mt-2" onClick={onReload}>
            <Trans>Reload</Trans>
          </button>
        )}
      </ErrorNotice>
      {children}
      <div>
        <button type="submit" className="btn-primary" disabled={pending}>
          {save}
        </button>
      </div>
    </form>
  );
}
