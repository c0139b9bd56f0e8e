import crypto from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import { isAvailable } from '../../../contract/availability.ts';
import {
  settingsOf,
  type TCatalogChange,
  type TCatalogServiceAdmin,
  type TCatalogServiceRow,
  type TServiceFormBody,
  type TServiceSettings,
  type TUserTypeChoice,
} from '../../../contract/catalog-admin.ts';
import { ZService, type TActivity, type TFieldSchema, type TService } from '../../../contract/catalog.ts';
import type { Db } from '../../db/client.ts';
import { catalogChanges, services, serviceVersions, users, userTypes } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import type { SeedService } from '../../seed/types.ts';
import { AppError } from '../app-error.ts';
import { activityValidatorModule } from '../forms/validators.ts';
import { serviceOfRow } from './catalog-store.ts';

/*
 * The services themselves, for the people who run them (issue 26, part 5; decision 069). Every write is a new
 * version of the service: the row's `data` and `version` change together, the version before and the new one are
 * kept in `service_versions` (a request keeps the version it was filed with), and a `catalog_changes` row says who
 * changed what and when, all in one transaction. The caller names the version it read; another is 409
 * SERVICE_CHANGED. Other processes see the change when their catalog snapshot is next reloaded (CATALOG_CACHE_MS).
 */

export type CatalogActor = { id: string };
const CHANGES_SHOWN = 20;

export async function listServicesForAdmin(db: Db, now = new Date()): Promise<TCatalogServiceRow[]> {
  const rows = await db.select().from(services).orderBy(asc(services.sortOrder), asc(services.serviceSlug));
  return rows.map((r) => {
    const s = serviceOfRow(r);
    return {
      id: s.id,
      serviceSlug: s.serviceSlug,
      label: { ar: s.translations.ar.serviceLabel, en: s.translations.en.serviceLabel },
      deactivated: s.deactivated,
      isActive: isAvailable(s, now),
      hiddenOn: s.hiddenOn,
      userTypes: s.userTypes ?? [],
      version: s.version,
      updatedAt: s.updatedAt,
    };
  });
}

async function changesOf(db: Db, serviceId: string): Promise<TCatalogChange[]> {
  const rows = await db
    .select()
    .from(catalogChanges)
    .where(eq(catalogChanges.serviceId, serviceId))
    .orderBy(desc(catalogChanges.at), desc(catalogChanges.version))
    .limit(CHANGES_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    version: r.version,
    kind: r.kind,
    fields: r.fields,
    actor: { id: r.actorId, name: r.actorName },
  }));
}

/** The citizens' user types (kind citizen: citizen, company) a service may be limited to, in the order they were made. */
async function citizenTypes(db: Db): Promise<TUserTypeChoice[]> {
  const rows = await db
    .select({ userSlug: userTypes.userSlug, data: userTypes.data })
    .from(userTypes)
    .where(eq(userTypes.kind, 'citizen'))
    .orderBy(desc(userTypes.registration), asc(userTypes.userSlug));
  return rows.map((r) => ({ userSlug: r.userSlug, label: r.data.label }));
}

export async function readServiceForAdmin(db: Db, serviceSlug: string, now = new Date()): Promise<TCatalogServiceAdmin> {
  const [row] = await db.select().from(services).where(eq(services.serviceSlug, serviceSlug)).limit(1);
  if (!row) throw new AppError('MODEL_NOT_FOUND', `No service ${serviceSlug}`);
  const service = serviceOfRow(row);
  const [changes, types] = await Promise.all([changesOf(db, row.id), citizenTypes(db)]);
  return { service: { ...service, isActive: isAvailable(service, now) }, changes, userTypes: types };
}

/** The settings' names whose values differ (what a change record says was changed). */
function changedSettings(before: SeedService, after: SeedService): string[] {
  const a = settingsOf(before);
  const b = settingsOf(after);
  const out: string[] = [];
  for (const key of [
    'deactivated',
    'fromDate',
    'toDate',
    'activation',
    'hiddenOn',
    'disabledOn',
    'userTypes',
    'cost',
    'payMethods',
  ] as const)
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) out.push(key);
  for (const lang of ['ar', 'en'] as const)
    for (const key of ['serviceLabel', 'description', 'requiredPapers', 'deactivationNote'] as const)
      if (JSON.stringify(a.texts[lang][key]) !== JSON.stringify(b.texts[lang][key])) out.push(`${key}.${lang}`);
  return out;
}

type Edit = (current: SeedService) => { data: SeedService; kind: 'settings' | 'form'; fields: string[] };

/**
 * One edit of a service, as a new version: locks the row, checks the version read, writes the definition (checked
 * against the contract), the versions before and after, and the change record. Answers the service as stored.
 */
async function writeVersion(
  db: Db,
  input: { serviceSlug: string; version: number; actor: CatalogActor; now: Date; edit: Edit },
): Promise<{ service: TService; changed: boolean }> {
  return transaction(db, async (tx) => {
    const [row] = await tx.select().from(services).where(eq(services.serviceSlug, input.serviceSlug)).for('update').limit(1);
    if (!row) throw new AppError('MODEL_NOT_FOUND', `No service ${input.serviceSlug}`);
    if (row.version !== input.version) {
      const [last] = await changesOf(tx, row.id);
      throw new AppError('SERVICE_CHANGED', 'The service was changed since it was read', {
        conflict: {
          by: last?.actor.name ?? null,
          action: last?.kind ?? 'settings',
          at: last?.at ?? row.updatedAt.toISOString(),
          version: row.version,
        },
      });
    }
    const current: SeedService = { ...row.data, version: row.version, deactivated: row.deactivated, order: row.sortOrder };
    const { data: edited, kind, fields } = input.edit(current);
    if (fields.length === 0) return { service: serviceOfRow(row), changed: false };
    const version = row.version + 1;
    const data: SeedService = { ...edited, version };
    const checked = ZService.safeParse({
      ...data,
      serviceLabel: data.translations.ar.serviceLabel,
      description: data.translations.ar.description,
      createdAt: row.createdAt.toISOString(),
      updatedAt: input.now.toISOString(),
      isActive: false,
    });
    if (!checked.success) throw new AppError('INVALID_INPUT', 'The service definition is not valid');
    const [actor] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(users)
      .where(eq(users.id, input.actor.id))
      .limit(1);
    const actorName = actor ? `${actor.firstName} ${actor.lastName}`.trim() || actor.username : input.actor.id;
    await tx
      .insert(serviceVersions)
      .values([
        { serviceId: row.id, version: row.version, data: current, createdAt: row.updatedAt },
        { serviceId: row.id, version, data, createdAt: input.now },
      ])
      .onConflictDoNothing();
    const [updated] = await tx
      .update(services)
      .set({ data, version, deactivated: data.deactivated, updatedAt: input.now })
      .where(eq(services.id, row.id))
      .returning();
    await tx.insert(catalogChanges).values({
      id: crypto.randomUUID(),
      serviceId: row.id,
      version,
      kind,
      fields,
      actorId: input.actor.id,
      actorName,
      at: input.now,
    });
    return { service: serviceOfRow(updated!), changed: true };
  });
}

/** A service's settings (on or off with a note, window, visibility, texts, papers, fee) as a new version. */
export async function updateServiceSettings(
  db: Db,
  input: { serviceSlug: string; settings: TServiceSettings; actor: CatalogActor; now?: Date },
): Promise<TCatalogServiceAdmin> {
  const now = input.now ?? new Date();
  const { settings } = input;
  // Limited to user types that exist and are citizens' (staff and agents see every service anyway).
  const known = new Set((await citizenTypes(db)).map((t) => t.userSlug));
  const unknown = settings.userTypes.findIndex((t) => !known.has(t));
  if (unknown >= 0)
    throw new AppError('INVALID_INPUT', `${settings.userTypes[unknown]} is not a citizens' user type`, {
      fieldErrors: { userTypes: ['invalid'] },
    });
  await writeVersion(db, {
    serviceSlug: input.serviceSlug,
    version: settings.version,
    actor: input.actor,
    now,
    edit: (current) => {
      const texts = (lang: 'ar' | 'en') => {
        const { deactivationNote, ...rest } = settings.texts[lang];
        const base = { ...current.translations[lang], ...rest };
        if (deactivationNote) return { ...base, deactivationNote };
        delete (base as { deactivationNote?: string }).deactivationNote;
        return base;
      };
      const data: SeedService = {
        ...current,
        deactivated: settings.deactivated,
        fromDate: settings.fromDate,
        toDate: settings.toDate,
        activation: settings.activation,
        hiddenOn: [...new Set(settings.hiddenOn)],
        disabledOn: [...new Set(settings.disabledOn)],
        userTypes: [...new Set(settings.userTypes)],
        businessAttributes: { ...current.businessAttributes, cost: settings.cost, payMethods: [...new Set(settings.payMethods)] },
        translations: { ar: texts('ar'), en: texts('en') },
      };
      return { data, kind: 'settings', fields: changedSettings(current, data) };
    },
  });
  return readServiceForAdmin(db, input.serviceSlug, now);
}

/** Why a form version cannot be saved: the first problem, with where it is (field errors keyed by its path). */
function formRefusal(path: string, code: string, message: string): AppError {
  return new AppError('INVALID_INPUT', message, { fieldErrors: { [path]: [code] } });
}

/** A field's own pattern must be a regular expression (the form engine would otherwise leave it out silently). */
function checkPatterns(field: TFieldSchema, at: string): void {
  if (field.regExp !== undefined) {
    try {
      new RegExp(field.regExp, 'u');
    } catch {
      throw formRefusal(`${at}.regExp`, 'pattern', `The pattern of ${at} is not a regular expression`);
    }
  }
  for (const [k, sub] of Object.entries(field.schema ?? {})) checkPatterns(sub, `${at}.schema.${k}`);
}

/**
 * Checks a new version of a service's forms and generates its validator modules (decision 018: generated when
 * saved, not on a visitor's first request). Refused: duplicate activity, step or field ids; an activity the
 * workflow names missing; a schema the validator compiler refuses (e.g. a regular expression that is not one).
 */
export function checkForms(service: SeedService, activities: readonly TActivity[]): void {
  const ids = new Set<string>();
  activities.forEach((a, i) => {
    if (ids.has(a.activityId)) throw formRefusal(`activities.${i}.activityId`, 'duplicate', `Two activities are ${a.activityId}`);
    ids.add(a.activityId);
    const steps = new Set<string>();
    const fields = new Set<string>();
    a.steps.forEach((s, j) => {
      if (steps.has(s.stepId))
        throw formRefusal(`activities.${i}.steps.${j}.stepId`, 'duplicate', `Two steps of ${a.activityId} are ${s.stepId}`);
      steps.add(s.stepId);
      for (const [f, field] of Object.entries(s.fieldsSchema)) {
        const at = `activities.${i}.steps.${j}.fieldsSchema.${f}`;
        if (fields.has(f)) throw formRefusal(at, 'duplicate', `Two fields of ${a.activityId} are ${f}`);
        fields.add(f);
        checkPatterns(field, at);
      }
    });
  });
  const first = service.activities[0]?.activityId;
  if (first && activities[0]?.activityId !== first)
    throw formRefusal('activities.0.activityId', 'invalid', `The first activity (a request's filing) stays ${first}`);
  service.workflow.statuses.forEach((s, i) => {
    if (s.activityId && !ids.has(s.activityId))
      throw formRefusal('activities', 'required', `The workflow's status ${s.id} (${i}) asks for the activity ${s.activityId}`);
  });
  const next = { ...service, version: service.version + 1, activities: [...activities] };
  activities.forEach((a, i) => {
    try {
      if (!activityValidatorModule(next, a.activityId)) throw new Error('not compiled');
    } catch (e) {
      throw formRefusal(
        `activities.${i}`,
        'invalid',
        `The form of ${a.activityId} cannot be validated: ${(e instanceof Error ? e.message : String(e)).slice(0, 200)}`,
      );
    }
  });
}

/** A new version of a service's forms: checked, its validator modules generated, written as a new version. */
export async function saveServiceForm(
  db: Db,
  input: { serviceSlug: string; body: TServiceFormBody; actor: CatalogActor; now?: Date },
): Promise<TCatalogServiceAdmin> {
  const now = input.now ?? new Date();
  await writeVersion(db, {
    serviceSlug: input.serviceSlug,
    version: input.body.version,
    actor: input.actor,
    now,
    edit: (current) => {
      checkForms(current, input.body.activities);
      const changed = JSON.stringify(current.activities) !== JSON.stringify(input.body.activities);
      return { data: { ...current, activities: input.body.activities }, kind: 'form', fields: changed ? ['activities'] : [] };
    },
  });
  return readServiceForAdmin(db, input.serviceSlug, now);
}
