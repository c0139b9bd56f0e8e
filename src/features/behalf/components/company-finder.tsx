import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { latinDigits } from '../../../../contract/identity.ts';
import { ZCompanySearchBody, type TCompanySearchBody } from '../../../../contract/staff.ts';
import { staffRoutes } from '../../../../contract/refs/routes-staff.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { authErrorMessages } from '../../../lib/auth-errors.ts';
import { startBehalf } from '../../../lib/behalf.ts';
import { SchemaForm, type FormValues } from '../../forms/schema-form.tsx';
import { plainFormValidator } from '../../forms/plain-validator.ts';
import { contractIssues, textOf } from '../../forms/values.ts';

const SCHEMA: RJSFSchema = {
  type: 'object',
  required: ['commercialRegistration', 'taxNumber', 'companyName', 'authorisedName', 'authorisedNationalId'],
  properties: {
    commercialRegistration: { type: 'string', maxLength: 20 },
    taxNumber: { type: 'string', maxLength: 20 },
    companyName: { type: 'string', maxLength: 120 },
    authorisedName: { type: 'string', maxLength: 50 },
    authorisedNationalId: { type: 'string', maxLength: 20 },
  },
};
const digitsOf = (s: string) => latinDigits(s).replace(/[\s-]/g, '');

/**
 * Applying on behalf of a company (spec section 1, decision 061): its commercial registration, tax number, name and
 * authorised person. The server finds the company's account and signs an owner token naming it: every form then
 * files for the company, whose account reads the request in its inbox.
 */
export function CompanyFinder() {
  const { t, i18n } = useLingui();
  const id = useId();
  const find = useMutation({
    mutationFn: async (body: TCompanySearchBody) => startBehalf(await apiCall(staffRoutes.companyOwnerToken, { body })),
  });
  const uiSchema = useMemo<UiSchema>(
    () => ({
      commercialRegistration: {
        'ui:widget': 'text',
        'ui:title': t`Commercial registration number`,
        'ui:options': { dir: 'ltr' },
      },
      taxNumber: {
        'ui:widget': 'text',
        'ui:title': t`Tax registration number`,
        'ui:help': t`9 digits`,
        'ui:options': { dir: 'ltr' },
      },
      companyName: { 'ui:widget': 'text', 'ui:title': t`Company name` },
      authorisedName: { 'ui:widget': 'text', 'ui:title': t`Authorised person's name` },
      authorisedNationalId: { 'ui:widget': 'nationalId', 'ui:title': t`Authorised person's national ID` },
    }),
    [t],
  );
  const toBody = (v: FormValues): TCompanySearchBody => ({
    commercialRegistration: digitsOf(textOf(v, 'commercialRegistration')),
    taxNumber: digitsOf(textOf(v, 'taxNumber')),
    companyName: textOf(v, 'companyName'),
    authorisedName: textOf(v, 'authorisedName'),
    authorisedNationalId: digitsOf(textOf(v, 'authorisedNationalId')),
  });
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-line bg-card p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        <Trans>Or choose a company</Trans>
      </h2>
      <div className="mt-3">
        <SchemaForm
          schema={SCHEMA}
          uiSchema={uiSchema}
          validator={plainFormValidator}
          check={(v) => contractIssues(ZCompanySearchBody.safeParse(toBody(v)))}
          onSubmit={(v) => find.mutate(toBody(v))}
          serverError={find.error ?? undefined}
          describeError={(e) => authErrorMessages(i18n, e)}
          submitLabel={<Trans>File for this company</Trans>}
          pendingLabel={<Trans>Checking…</Trans>}
          pending={find.isPending}
        />
      </div>
    </section>
  );
}
