import { and, eq } from 'drizzle-orm';
import type { TService } from '../../../contract/catalog.ts';
import type { Db } from '../../db/client.ts';
import { serviceVersions } from '../../db/schema.ts';

/*
 * A request keeps the version of its service it was filed with (issue 26, decision 069): its later activities are
 * validated, and its data shown, with that version's forms. Versions are immutable rows (`service_versions`,
 * written by the catalog's editor), so each one is read once per process.
 */

const byKey = new Map<string, TService['activities']>();
const MAX = 200;

/** The forms (activities) of a service at a version; undefined when that version was never recorded. */
export async function activitiesAtVersion(
  db: Db,
  serviceId: string,
  version: number,
): Promise<TService['activities'] | undefined> {
  const key = `${serviceId}:${version}`;
  const hit = byKey.get(key);
  if (hit) return hit;
  const [row] = await db
    .select({ data: serviceVersions.data })
    .from(serviceVersions)
    .where(and(eq(serviceVersions.serviceId, serviceId), eq(serviceVersions.version, version)))
    .limit(1);
  if (!row) return undefined;
  if (byKey.size >= MAX) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, row.data.activities);
  return row.data.activities;
}

/**
 * The service as a request filed at `version` uses it: the current definition with that version's forms. The
 * current version, or one never recorded (a service not edited since the request), is the service itself.
 */
export async function serviceAtVersion(db: Db, service: TService, version: number): Promise<TService> {
  if (version === service.version) return service;
  const activities = await activitiesAtVersion(db, service.id, version);
  return activities ? { ...service, version, activities } : service;
}
