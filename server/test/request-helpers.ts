import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TService } from '../../contract/catalog.ts';
import { services as seedServices } from '../seed/data/catalog.ts';
import { sampleData } from '../seed/sample-data.ts';
import { call, type Session } from './identity-helpers.ts';
import type { TestApp } from './test-app.ts';

/* Helpers for the request API tests: valid form data per seeded service, and submissions with an Idempotency-Key. */

export const seededService = (slug: string): TService => {
  const s = seedServices.find((x) => x.serviceSlug === slug);
  if (!s) throw new Error(`no seeded service ${slug}`);
  return s as unknown as TService;
};

/** Valid data for a seeded service's apply activity. */
export const validData = (slug: string): Record<string, unknown> => sampleData(seededService(slug), 'apply');

export const newKey = (): string => crypto.randomUUID();

export function submit(
  ctx: TestApp,
  slug: string,
  opts: {
    as?: Session | undefined;
    data?: Record<string, unknown>;
    key?: string | null;
    activityId?: string;
    draftId?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<LightMyRequestResponse> {
  const key = opts.key === undefined ? newKey() : opts.key;
  return call(ctx, 'POST', `/api/requests/${slug}`, {
    as: opts.as,
    body: {
      activityId: opts.activityId ?? 'apply',
      data: opts.data ?? validData(slug),
      ...(opts.draftId ? { draftId: opts.draftId } : {}),
    },
    headers: { ...(key !== null ? { 'idempotency-key': key } : {}), ...opts.headers },
  });
}

/** The same call with a fresh Idempotency-Key (writes that take one). */
export const withKey = (headers: Record<string, string> = {}): Record<string, string> => ({
  'idempotency-key': newKey(),
  ...headers,
});

/** A service's page as a caller reads it (`view=page`, one language): the answer, to check or to refuse. */
export const readServicePage = (ctx: TestApp, slug: string, opts: { as?: Session | undefined; lang?: 'ar' | 'en' } = {}) =>
  call(
    ctx,
    'GET',
    `/api/dynamic_services/findOne?view=page&lang=${opts.lang ?? 'en'}&filter=${encodeURIComponent(JSON.stringify({ where: { serviceSlug: slug } }))}`,
    { as: opts.as },
  );

/** The services the catalog lists for a caller (their slugs). */
export async function listedServices(ctx: TestApp, as?: Session): Promise<string[]> {
  const res = await call(ctx, 'GET', '/api/dynamic_services?view=card&lang=en', { as });
  if (res.statusCode !== 200) throw new Error(`services list: ${res.statusCode} ${res.body}`);
  return (res.json() as { serviceSlug: string }[]).map((s) => s.serviceSlug);
}
