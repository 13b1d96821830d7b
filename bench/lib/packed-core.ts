// @trawl/core as an npm user gets it: packed by `pnpm pack` (its prepack build bundles the
// patched linkedom and htmlparser2 into dist/content/dom/dom.js, scripts/bundle-dom.mjs) and installed
// by npm into a folder outside the workspace, so nothing resolves to the workspace's patched copies.
// A second install swaps that bundle for plain re-exports of the registry's linkedom and
// htmlparser2: what npm users ran before the bundle.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CORE = fileURLToPath(new URL('../../packages/core/', import.meta.url));
/** dom.ts's exports from the registry's copies (what `pnpm build` writes before the bundle replaces it). */
const STOCK_DOM = [
  "export { DOMParser, HTMLElement, parseHTML } from 'linkedom';",
  "export { Parser } from 'htmlparser2';",
  "export { html as html5, parse as parseHtml5, parseFragment as parseHtml5Fragment } from 'parse5';",
  "export { decodeHTML, decodeHTMLAttribute } from 'entities/decode';",
  "export { compile as compileSelector } from 'css-select';",
  '',
].join('\n');

export interface PackedCore {
  /** dist/index.js of the installed tarball, bundle included. */
  bundled: string;
  /** The same install with the registry's unpatched linkedom and htmlparser2. */
  stock: string;
}

/** The names an `export { a, b as c } from` list gives: c for `b as c`. */
function exportedNames(source: string): string[] {
  return [...source.matchAll(/export \{([^}]*)\}/g)]
    .flatMap((match) => match[1]!.split(','))
    .map(
      (part) =>
        part
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
    )
    .filter(Boolean)
    .sort();
}

/** Packs and installs @trawl/core (cached by the tarball's content); returns the two entry files. */
export function packedCore(): PackedCore {
  // The stock dom.js stands in for the bundle: it must export what core imports from it.
  const wanted = exportedNames(readFileSync(join(CORE, 'src/content/dom/dom.ts'), 'utf8'));
  if (wanted.join() !== exportedNames(STOCK_DOM).join()) {
    throw new Error(
      `bench/lib/packed-core.ts: STOCK_DOM exports ${exportedNames(STOCK_DOM).join(', ')}; dom.ts exports ${wanted.join(', ')}`,
    );
  }
  const root = join(tmpdir(), 'trawl-packed-core');
  const packs = join(root, 'packs');
  mkdirSync(packs, { recursive: true });
  for (const file of readdirSync(packs)) if (file.endsWith('.tgz')) execFileSync('rm', ['-f', join(packs, file)]);
  execFileSync('pnpm', ['pack', '--pack-destination', packs], { cwd: CORE, stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = join(packs, readdirSync(packs).find((file) => file.endsWith('.tgz'))!);
  const hash = createHash('sha256').update(readFileSync(tarball)).digest('hex').slice(0, 12);
  const install = (name: string, stock: boolean): string => {
    const app = join(root, `${name}-${hash}`);
    const entry = join(app, 'node_modules/@trawl/core/dist/index.js');
    if (existsSync(entry)) return entry;
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: `trawl-packed-${name}`, private: true, type: 'module' }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--omit=dev', '--loglevel=error', tarball], {
      cwd: app,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (stock) writeFileSync(join(app, 'node_modules/@trawl/core/dist/content/dom/dom.js'), STOCK_DOM);
    return entry;
  };
  return { bundled: install('bundled', false), stock: install('stock', true) };
}
