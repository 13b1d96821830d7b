#!/usr/bin/env node
// Part of @trawl/core's `pnpm build` (after tsc): rewrites dist/content/dom/dom.js, which re-exports
// linkedom and htmlparser2 (and parse5, left an import), as one bundle with both inlined as this
// workspace installs them, with their patches (patches/, pnpm `patchedDependencies`). A project installing @trawl/core from npm
// then runs the patched code without any install step: its package manager never sees a patch.
// See packages/core/src/content/dom/dom.ts.
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const core = fileURLToPath(new URL('../packages/core/', import.meta.url));
const target = `${core}dist/content/dom/dom.js`;
const esbuild = createRequire(import.meta.url)('esbuild');
const { outputFiles } = esbuild.buildSync({
  entryPoints: [target],
  absWorkingDir: core,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // linkedom's <canvas> support loads the optional `canvas` package when present: left to run time.
  // parse5 (the tree's parser) is unpatched: npm installs it as @trawl/core's dependency.
  external: ['canvas', 'parse5'],
  // Optional for @acemir/cssom, and not a dependency of anything npm installs for @trawl/core.
  alias: { cssstyle: fileURLToPath(new URL('./absent-optional-module.cjs', import.meta.url)) },
  write: false,
  legalComments: 'inline',
  logLevel: 'error',
});
const licenses = [
  "/*! linkedom (ISC license, Andrea Giammarchi), htmlparser2 (MIT license, Felix Boehm) and its entities decoder (BSD-2-Clause, Felix Boehm), bundled with Trawl's patches (patches/) */",
].join('\n');
const temporary = `${target}.${process.pid}.tmp`;
writeFileSync(temporary, `${licenses}\n${outputFiles[0].text}`);
renameSync(temporary, target);
console.log(`bundle-dom: ${target} (${Math.round(outputFiles[0].contents.byteLength / 1024)} KiB, linkedom and htmlparser2 inlined)`);
