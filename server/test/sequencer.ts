import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The API test files known to take longest, slowest first (measured on the PGlite step, decision 059). Vitest starts
 * the files it has timings for longest first, but a clean clone has none, and it then starts the largest files
 * first: a short, slow file (main.test.ts starts the real server on a new database) could start last and be the
 * step's tail, one worker busy and the other idle.
 */
export const SLOW_FIRST = [
  'server/main.test.ts',
  'server/db/client.test.ts',
  'server/routes/fuzz.test.ts',
  'server/routes/authz-matrix.test.ts',
  'server/domain/requests/lifecycle.test.ts',
];

/**
 * Vitest's order (unit before API: `sequence.groupOrder`; then its own order: project by project, a previous run's
 * timings, or the files' sizes), with the files of SLOW_FIRST moved to the front of their group, whichever project
 * they are in, when there are no timings of a previous run to go by. Vitest's own order puts the `api` project's
 * files before the `api-isolated` pair (by project name), which made the pair, two of the slowest files, the API
 * step's tail (decision 059).
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const file = (f: TestSpecification) => path.relative(root, f.moduleId).split(path.sep).join('/');
    if (sorted.every((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${file(f)}`))) return sorted;
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.indexOf(file(f));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return sorted
      .map((f, i) => ({ f, i }))
      .sort(
        (a, b) =>
          a.f.project.config.sequence.groupOrder - b.f.project.config.sequence.groupOrder || rank(a.f) - rank(b.f) || a.i - b.i,
      )
      .map(({ f }) => f);
  }
}
