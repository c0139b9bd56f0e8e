import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFS_DIR, routeRefsSource, routeSources } from '../scripts/gen-route-refs.ts';

// Formatting and importing every contract module takes seconds on a loaded machine: a cap on a failing test, not a
// speed check (it once ran past the default 5 s beside another suite).
describe('the route references the browser calls (decision 035)', { timeout: 60_000 }, () => {
  it('are what scripts/gen-route-refs.ts writes from the contract (run `npm run gen:routes` after a route changes)', async () => {
    const sources = await routeSources();
    expect(sources).toContain('routes.ts');
    expect(fs.readdirSync(REFS_DIR).sort()).toEqual(sources);
    for (const file of sources) expect(fs.readFileSync(path.join(REFS_DIR, file), 'utf8')).toBe(await routeRefsSource(file));
  });

  it("carry each route's method and path, and load its answer's schema only when asked", async () => {
    let count = 0;
    for (const file of await routeSources()) {
      const contract = (await import(`./${file}`)) as Record<string, unknown>;
      const refs = (await import(`./refs/${file}`)) as Record<string, unknown>;
      expect(Object.keys(refs).length).toBeGreaterThan(0);
      for (const [name, value] of Object.entries(refs)) {
        const entries = 'method' in (value as object) ? [[name, value]] : Object.entries(value as object);
        const routes = 'method' in (value as object) ? { [name]: contract[name] } : (contract[name] as Record<string, unknown>);
        expect(Object.keys(routes).sort()).toEqual(entries.map(([k]) => k).sort());
        for (const [key, ref] of entries) {
          const route = routes[key as string] as { method: string; path: string; response: unknown };
          const { method, path, response, ...rest } = ref as { method: string; path: string; response: () => Promise<unknown> };
          expect({ method, path, rest }).toEqual({ method: route.method, path: route.path, rest: {} });
          expect(await response()).toBe(route.response);
          count++;
        }
      }
    }
    expect(count).toBeGreaterThan(100);
  });
});
