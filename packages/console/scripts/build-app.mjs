// Builds the console's browser app into assets/: app-<hash>.js and app-<hash>.css (esbuild,
// minified, content-hashed so they can be cached for a year) and manifest.json naming them, which
// the server reads. Run by `pnpm build` (and prepack), and by the tests before they serve it.
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'assets');

const result = await build({
  entryPoints: { app: join(root, 'src', 'app', 'main.ts') },
  absWorkingDir: root,
  bundle: true,
  minify: true,
  format: 'esm',
  // light-dark() in the stylesheet: Chrome 123, Firefox 120, Safari 17.5.
  target: ['chrome123', 'firefox120', 'safari17.5'],
  entryNames: '[name]-[hash]',
  outdir: out,
  metafile: true,
  write: false,
  logLevel: 'error',
  legalComments: 'none',
});

mkdirSync(out, { recursive: true });
const written = new Set();
const manifest = {};
for (const file of result.outputFiles) {
  writeFileSync(file.path, file.contents);
  const name = relative(out, file.path);
  written.add(name);
  if (name.endsWith('.js')) manifest.script = name;
  if (name.endsWith('.css')) manifest.style = name;
}
// Older hashed files go, so the package ships only what the manifest names.
for (const name of readdirSync(out)) if (name.startsWith('app-') && !written.has(name)) rmSync(join(out, name), { force: true });
// Renamed into place, so a server starting meanwhile reads the old manifest or the new one, never half of one.
const temporary = join(out, `manifest.json.${process.pid}.tmp`);
writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
renameSync(temporary, join(out, 'manifest.json'));
