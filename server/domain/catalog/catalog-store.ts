import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { cairoDate, isAvailable, offeredTo } from '../../../contract/availability.ts';
import type { TAppData, TCategory, TFaqEntry, TNewsItem, TReferenceData, TService } from '../../../contract/catalog.ts';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { figureSettings } from '../content/manage.ts';
import { prepareServiceValidators } from '../forms/validators.ts';

/** A JSON answer kept ready to send, with its compressed forms made on first demand. */
export type CachedBody = { text: string; gzip?: Buffer; br?: Buffer };

/**
 * Who is asking decides which services exist for them (spec section 6): staff and agents see every one; a citizen's
 * user type (`type:<userSlug>`) those offered to every type and those naming theirs; a visitor (`public`) those
 * offered to every type (issue 26, decision 074). Services hidden on the web are staff's only.
 */
export type Audience = 'public' | 'staff' | `type:${string}`;

type Snapshot = {
  loadedAt: number;
  services: TService[];
  categories: Omit<TCategory, 'services'>[];
  /** The user types some service is limited to: any other type sees what a visitor sees (one cached list, not one per type). */
  namedTypes: ReadonlySet<string>;
};

/** Whether the audience receives the service. */
function receives(s: TService, audience: Audience): boolean {
  if (audience === 'staff') return true;
  if (s.hiddenOn.includes('web')) return false;
  return offeredTo(s, audience === 'public' ? null : audience.slice('type:'.length));
}

/**
 * The catalog is read on almost every page and changes rarely: it is loaded whole into memory and reused for
 * `cacheMs` (CATALOG_CACHE_MS). Writes through this process call `invalidate()`; other processes see a change
 * within `cacheMs`. Availability (`isActive`) is derived at read time, never cached with the data.
 */
export class CatalogStore {
  private snapshot: Snapshot | undefined;
  private loading: Promise<Snapshot> | undefined;
  /** Serialised (and compressed) answers keyed by route + filter + audience + day, dropped with the snapshot. */
  readonly responses = new Map<string, CachedBody>();
  /** Services with `isActive` derived, per audience, for one Cairo day of one snapshot. */
  private derived = new Map<Audience, TService[]>();
  private derivedDay = '';
  /** `today()`'s last answer, and the span of time it holds for (see there). */
  private day = { date: '', from: 0, until: 0 };

  constructor(
    private readonly db: Db,
    private readonly cacheMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  invalidate(): void {
    this.snapshot = undefined;
    this.responses.clear();
    this.derived.clear();
  }

  /**
   * The Cairo calendar day: availability changes only from one day to the next. Cairo's offset from UTC is always
   * whole hours (UTC+2, UTC+3 in summer time), so its date changes only at a full UTC hour: the date is formatted
   * once per hour rather than on every catalog read (a time-zone format is a measurable share of a cached read).
   */
  today(): string {
    const t = this.now().getTime();
    if (t < this.day.from || t >= this.day.until) {
      const hour = 3_600_000;
      this.day = { date: cairoDate(new Date(t)), from: Math.floor(t / hour) * hour, until: (Math.floor(t / hour) + 1) * hour };
    }
    return this.day.date;
  }

  private async load(): Promise<Snapshot> {
    const [serviceRows, categoryRows] = await Promise.all([
      this.db.select().from(t.services).orderBy(asc(t.services.sortOrder), asc(t.services.serviceSlug)),
      this.db.select().from(t.categories).orderBy(asc(t.categories.sortOrder)),
    ]);
    const services = serviceRows.map(serviceOfRow);
    return {
      loadedAt: Date.now(),
      services,
      namedTypes: new Set(services.flatMap((s) => s.userTypes ?? [])),
      categories: categoryRows.map((r) => ({ ...r.data, id: r.id, order: r.sortOrder, name: r.data.translations.ar.name })),
    };
  }

  /** The current snapshot, reloaded when older than the cache time. Concurrent callers share one load. */
  async current(): Promise<Snapshot> {
    const s = this.snapshot;
    if (s && Date.now() - s.loadedAt < this.cacheMs) return s;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    const fresh = await this.loading;
    if (fresh !== this.snapshot) {
      if (s) warmChangedValidators(s.services, fresh.services);
      this.snapshot = fresh;
      this.responses.clear();
      this.derived.clear();
    }
    return fresh;
  }

  /** Services the audience may receive, with `isActive` derived for now. */
  async services(asked: Audience): Promise<TService[]> {
    return (await this.view(asked)).services;
  }

  /**
   * The services an audience receives, and the audience whose answers it shares: a user type no service is limited
   * to sees what a visitor sees, so its list and answers are the visitor's (cached once); only the types some
   * service names have lists of their own (decision 074).
   */
  async view(asked: Audience): Promise<{ audience: Audience; services: TService[] }> {
    const { services, namedTypes } = await this.current();
    const audience = asked === 'staff' || asked === 'public' || namedTypes.has(asked.slice('type:'.length)) ? asked : 'public';
    const day = this.today();
    if (day !== this.derivedDay) {
      // A new day: yesterday's availability and the answers built on it are of no use.
      this.derived.clear();
      this.responses.clear();
      this.derivedDay = day;
    }
    let list = this.derived.get(audience);
    if (!list) {
      const now = this.now();
      list = services.filter((s) => receives(s, audience)).map((s) => ({ ...s, isActive: isAvailable(s, now) }));
      this.derived.set(audience, list);
    }
    return { audience, services: list };
  }

  /**
   * The home page's count of services (issue 26): those the web offers and not switched off, whichever user types
   * they are for (a service for companies is one of the portal's too).
   */
  async servicesCount(): Promise<number> {
    return (await this.services('staff')).filter((s) => !s.deactivated && !s.hiddenOn.includes('web')).length;
  }

  async categories(): Promise<Omit<TCategory, 'services'>[]> {
    return (await this.current()).categories;
  }

  /* Content and reference data: small tables, read straight from the database. */

  /**
   * The application data, with what staff manage (issue 26): the alert banners showing now (after the configured
   * ones), the home page's figures (services counted from the catalog) and the footer's guides.
   */
  async appData(): Promise<TAppData | undefined> {
    const now = this.now();
    const [[row], banners, figures, guides, services] = await Promise.all([
      this.db.select().from(t.appData).where(eq(t.appData.key, 'default')),
      this.db
        .select()
        .from(t.alertBanners)
        .where(and(lte(t.alertBanners.startsAt, now), or(isNull(t.alertBanners.endsAt), gt(t.alertBanners.endsAt, now))))
        .orderBy(asc(t.alertBanners.startsAt), asc(t.alertBanners.id)),
      figureSettings(this.db),
      this.db.select().from(t.userGuides).where(isNotNull(t.userGuides.footerSlot)),
      this.servicesCount(),
    ]);
    if (!row) return undefined;
    const slot = (s: 'citizen-guide' | 'code-of-conduct') => guides.find((g) => g.footerSlot === s)?.url;
    const citizenGuide = slot('citizen-guide');
    const codeOfConduct = slot('code-of-conduct');
    return {
      ...row.data,
      config: {
        ...row.data.config,
        alerts: [
          ...row.data.config.alerts,
          ...banners.map((b) => ({ id: b.id, data: b.text, type: b.level, dismissible: b.dismissible })),
        ],
        figures: { services, ...figures },
        footerGuides: { ...(citizenGuide ? { citizenGuide } : {}), ...(codeOfConduct ? { codeOfConduct } : {}) },
      },
    };
  }

  /** Published news whose moment has come (a scheduled item shows from its time; drafts and withdrawn ones never). */
  private published() {
    return and(eq(t.news.status, 'published'), lte(t.news.publishedAt, this.now()));
  }

  async news(limit: number, skip: number): Promise<{ items: TNewsItem[]; total: number }> {
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(t.news)
        .where(this.published())
        .orderBy(desc(t.news.publishedAt), asc(t.news.id))
        .limit(limit)
        .offset(skip),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.news)
        .where(this.published()),
    ]);
    return { items: rows.map(newsItem), total: Number(count?.n ?? 0) };
  }

  async newsItem(id: string): Promise<TNewsItem | undefined> {
    const [row] = await this.db
      .select()
      .from(t.news)
      .where(and(eq(t.news.id, id), this.published()));
    return row ? newsItem(row) : undefined;
  }

  async faq(): Promise<TFaqEntry[]> {
    const rows = await this.db.select().from(t.faqs).orderBy(asc(t.faqs.groupKey), asc(t.faqs.sortOrder));
    return rows.map((r) => r.data);
  }

  async referenceData(filter: { governorateId?: string | undefined; companyId?: string | undefined }): Promise<TReferenceData> {
    const [governorates, companies, sectors, centers] = await Promise.all([
      this.db.select().from(t.governorates).orderBy(asc(t.governorates.id)),
      this.db.select().from(t.distributionCompanies).orderBy(asc(t.distributionCompanies.id)),
      this.db.select().from(t.sectors).orderBy(asc(t.sectors.id)),
      this.db.select().from(t.serviceCenters).orderBy(asc(t.serviceCenters.id)),
    ]);
    return {
      governorates: governorates.map((r) => r.data),
      companies: companies.map((r) => r.data),
      sectors: sectors.map((r) => r.data),
      serviceCenters: centers
        .map((r) => r.data)
        .filter(
          (c) =>
            (!filter.governorateId || c.governorateId === filter.governorateId) &&
            (!filter.companyId || c.companyId === filter.companyId),
        ),
    };
  }
}

/** A stored service as the catalog serves it (`isActive` is derived later, per read). */
export function serviceOfRow(r: typeof t.services.$inferSelect): TService {
  return {
    ...r.data,
    id: r.id,
    serviceSlug: r.serviceSlug,
    order: r.sortOrder,
    deactivated: r.deactivated,
    version: r.version,
    serviceLabel: r.data.translations.ar.serviceLabel,
    description: r.data.translations.ar.description,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    isActive: false,
  };
}

/**
 * A service whose version changed in another process (issue 26): its validator modules are generated as this
 * process loads the new snapshot, so no visitor waits for them (decision 018).
 */
function warmChangedValidators(before: readonly TService[], after: readonly TService[]): void {
  const was = new Map(before.map((s) => [s.id, s.version]));
  for (const s of after) if (was.has(s.id) && was.get(s.id) !== s.version) prepareServiceValidators(s);
}

function newsItem(row: typeof t.news.$inferSelect): TNewsItem {
  return {
    ...row.data,
    id: row.id,
    title: row.data.translations.ar.title,
    body: row.data.translations.ar.body,
    publishedAt: (row.publishedAt ?? row.updatedAt).toISOString(),
  };
}
