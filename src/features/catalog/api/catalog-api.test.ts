import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveLanguage } from '../../../lib/locale.ts';
import { categoriesQueryOptions } from './get-categories.ts';
import { serviceQuery } from './get-service.ts';
import { servicePageQuery } from './get-service-page.ts';

/** The catalog fetchers ask for the card and page forms in the interface's language, and key them by it (decision 033). */

const card = (serviceLabel: string) => ({
  id: 's1',
  serviceSlug: 'CODEMETER',
  serviceLabel,
  logo: null,
  categoryIds: ['c1'],
  order: 1,
  deactivated: false,
  isActive: true,
  hiddenOn: [],
  disabledOn: [],
  hideServiceTable: false,
  businessAttributes: { cost: { kind: 'free' }, numberOfSteps: 2, numberOfDays: 3 },
});
const categories = (lang: string) => [
  { id: 'c1', name: `name-${lang}`, icon: 'bolt', order: 1, services: [card(`label-${lang}`)] },
];

let queryClient: QueryClient;
const asked: URL[] = [];

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  asked.length = 0;
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    asked.push(url);
    const body = url.pathname === '/api/Categories' ? categories(url.searchParams.get('lang') ?? '') : {};
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const useLanguage = (lang: 'ar' | 'en') => {
  localStorage.setItem('lang', lang);
  resolveLanguage();
};

describe('the catalog fetchers', () => {
  it("ask for the categories' cards in the interface's language, and a language switch asks again", async () => {
    useLanguage('en');
    const english = await queryClient.fetchQuery(categoriesQueryOptions());
    expect(english[0]!.services![0]!.serviceLabel).toBe('label-en');
    expect(asked[0]!.searchParams.get('view')).toBe('card');
    expect(asked[0]!.searchParams.get('lang')).toBe('en');
    expect(JSON.parse(asked[0]!.searchParams.get('filter')!)).toEqual({ order: 'order ASC', include: 'services' });

    useLanguage('ar');
    // The English answer is kept under its own key, not shown in Arabic: the Arabic one is fetched.
    const arabic = await queryClient.fetchQuery(categoriesQueryOptions());
    expect(arabic[0]!.name).toBe('name-ar');
    expect(asked).toHaveLength(2);
    expect(asked[1]!.searchParams.get('lang')).toBe('ar');
    useLanguage('en');
    expect(queryClient.getQueryData(categoriesQueryOptions().queryKey)?.[0]!.name).toBe('name-en');
  });

  it("refuse an answer that is not the card form (the full one's fields are not a card's)", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify([{ id: 'c1', translations: {} }]), { status: 200 }));
    await expect(queryClient.fetchQuery(categoriesQueryOptions())).rejects.toMatchObject({ code: 'GENERAL_ERROR' });
  });

  it("ask for a service's page form in the interface's language, and for the full service where its forms are needed", async () => {
    useLanguage('en');
    const page = servicePageQuery('CODEMETER');
    expect(page.queryKey).toContain('en');
    await queryClient.fetchQuery(page).catch(() => undefined);
    expect(asked[0]!.searchParams.get('view')).toBe('page');
    expect(asked[0]!.searchParams.get('lang')).toBe('en');
    await queryClient.fetchQuery(serviceQuery('CODEMETER')).catch(() => undefined);
    expect(asked[1]!.searchParams.has('view')).toBe(false);
    expect(asked[1]!.searchParams.has('lang')).toBe(false);
    expect(JSON.parse(asked[1]!.searchParams.get('filter')!)).toEqual({ where: { serviceSlug: 'CODEMETER' } });
  });
});
