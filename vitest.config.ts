import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const packages = readdirSync(new URL('./packages', import.meta.url)).filter((name) =>
  existsSync(new URL(`./packages/${name}/test`, import.meta.url)),
);

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources, so tests never need a build.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: packages.map((name) => ({
      extends: true,
      test: {
        name,
        root: `${root}packages/${name}`,
        include: ['test/**/*.test.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
