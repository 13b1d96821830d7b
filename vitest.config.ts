import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Every package and example with a test/ folder is a project named after its folder. */
function projectsIn(folder: string): Array<{ name: string; dir: string }> {
  return readdirSync(new URL(`./${folder}`, import.meta.url))
    .filter((name) => existsSync(new URL(`./${folder}/${name}/test`, import.meta.url)))
    .map((name) => ({ name: folder === 'packages' ? name : `example-${name}`, dir: `${root}${folder}/${name}` }));
}

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources (the `trawl-source` export
  // condition), so tests never need a build.
  resolve: { conditions: ['trawl-source'] },
  ssr: { resolve: { conditions: ['trawl-source'] } },
  test: {
    // Most test files spend their time waiting (on Chromium, child processes, sockets, timers),
    // not computing: vitest's default of one worker per core minus one leaves a 2-core machine
    // running one file at a time. VITEST_MAX_WORKERS still overrides this.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Absolute, so vitest run from a package folder (pnpm --filter x exec vitest) finds the reporter too.
    reporters: ['default', `${root}scripts/summary-reporter.ts`],
    projects: [...projectsIn('packages'), ...projectsIn('examples')].map(({ name, dir }) => ({
      extends: true,
      test: {
        name,
        root: dir,
        include: ['test/**/*.test.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
