import { DEFAULT_SEARCH_SLUGS } from './service-rules.ts';

/**
 * "Most searched" services: what this device opened from the search, most often first, padded with the
 * spec's default list (CODEMETER, ADD_METER, PAYBILLS, LMIFT, CCC). Kept on the device only.
 */
const KEY = 'searchCounts';

function read(): Record<string, number> {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function recordSearchPick(slug: string): void {
  const counts = read();
  counts[slug] = (counts[slug] ?? 0) + 1;
  try {
    localStorage.setItem(KEY, JSON.stringify(counts));
  } catch {
    /* storage full or blocked: the list just stays as it was */
  }
}

export function mostSearchedSlugs(limit = 5): string[] {
  const counts = read();
  const picked = Object.keys(counts).sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0));
  return [...new Set([...picked, ...DEFAULT_SEARCH_SLUGS])].slice(0, limit);
}
