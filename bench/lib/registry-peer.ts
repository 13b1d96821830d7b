// The rivals' DOM and article extractor as their users install them: linkedom and Readability from
// the npm registry, in a folder outside the workspace. The workspace's own copies carry Trawl's
// patches (patches/, pnpm `patchedDependencies`), and importing @trawl/core in the same process
// installs its compiled selectors and light styles on the workspace linkedom's prototypes
// (content/fast-selectors.ts, fast-styles.ts): a rival on those copies would run Trawl's speed-ups.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The versions the workspace pins, so only the patches differ. */
const PACKAGES = ['linkedom@0.18.14', '@mozilla/readability@0.6.0'];

export interface RegistryPeer {
  parseHTML: (html: string) => { document: Document };
  Readability: typeof import('@mozilla/readability').Readability;
}

/** Installs the registry's copies once (cached in the temp folder) and loads them. */
export function registryPeer(): RegistryPeer {
  const dir = join(tmpdir(), `trawl-registry-peer-${PACKAGES.join('-').replace(/[@/]/g, '_')}`);
  if (!existsSync(join(dir, 'node_modules', 'linkedom', 'package.json'))) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'trawl-registry-peer', private: true }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...PACKAGES], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const load = createRequire(join(dir, 'package.json'));
  return { parseHTML: load('linkedom').parseHTML, Readability: load('@mozilla/readability').Readability };
}
