import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources, as in the rest of the repository.
  resolve: { conditions: ['trawl-source'] },
  ssr: { resolve: { conditions: ['trawl-source'] } },
  test: { include: ['test/**/*.test.ts'], testTimeout: 30_000 },
});
