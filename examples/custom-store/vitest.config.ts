import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Trawl's packages resolve to their TypeScript sources inside the workspace.
  resolve: { conditions: ['trawl-source'] },
  ssr: { resolve: { conditions: ['trawl-source'] } },
  test: { include: ['test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
});
