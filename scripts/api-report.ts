/**
 * The public API of every package, one report per entry point (`packages/NAME/api/ENTRY.api.md`):
 * each exported name with its kind and its signature or members, as the type checker sees them.
 *
 *   pnpm api:report          writes the reports (commit them with the change that caused them)
 *   pnpm api:report --check  fails, naming the entries, when the code's API differs from them (CI)
 *
 * A diff in a report is the review of an API change: a name added, removed or reshaped shows there.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

interface Entry {
  packageName: string;
  subpath: string;
  source: string;
  report: string;
}

/** Every package's entry points, from the `trawl-source` condition of its `exports`. */
function entries(): Entry[] {
  const found: Entry[] = [];
  for (const folder of readdirSync(join(root, 'packages')).sort()) {
    const manifestPath = join(root, 'packages', folder, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
      name: string;
      private?: boolean;
      exports?: Record<string, unknown>;
    };
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const source = typeof target === 'object' && target ? (target as Record<string, string>)['trawl-source'] : undefined;
      if (!source) continue;
      const name = subpath === '.' ? 'index' : subpath.replace(/^\.\//, '').replaceAll('/', '-');
      found.push({
        packageName: manifest.name,
        subpath,
        source: join(root, 'packages', folder, source),
        report: join(root, 'packages', folder, 'api', `${name}.api.md`),
      });
    }
  }
  return found;
}

const FORMAT = ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope | ts.TypeFormatFlags.WriteArrowStyleSignature;

function typeText(checker: ts.TypeChecker, type: ts.Type, node?: ts.Node): string {
  return checker.typeToString(type, node, FORMAT);
}

/** `name?: type` for each property of an object type, sorted so that a reorder is no change. */
function members(checker: ts.TypeChecker, type: ts.Type, node: ts.Node): string[] {
  return checker
    .getPropertiesOfType(type)
    .filter((property) => !property.name.startsWith('#') && !isPrivate(property))
    .map((property) => {
      const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
      // Well-known symbols carry a per-run id in their internal name (`__@asyncIterator@9223`).
      const name = property.name.replace(/^__@(\w+)@\d+$/, '[Symbol.$1]');
      return `  - \`${name}${optional}: ${typeText(checker, checker.getTypeOfSymbolAtLocation(property, node), node)}\``;
    })
    .sort();
}

function isPrivate(symbol: ts.Symbol): boolean {
  const hidden = ts.ModifierFlags.Private | ts.ModifierFlags.Protected;
  return (symbol.declarations ?? []).some((declaration) => (ts.getCombinedModifierFlags(declaration) & hidden) !== 0);
}

function describe(checker: ts.TypeChecker, exported: ts.Symbol): string[] {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const declaration = symbol.declarations?.[0];
  if (!declaration) return [`- \`${exported.name}\``];
  const name = exported.name;
  if (symbol.flags & ts.SymbolFlags.Class) {
    const instance = checker.getDeclaredTypeOfSymbol(symbol);
    const constructors = checker
      .getSignaturesOfType(checker.getTypeOfSymbolAtLocation(symbol, declaration), ts.SignatureKind.Construct)
      .map((signature) => `  - \`new ${checker.signatureToString(signature, declaration, FORMAT)}\``);
    return [`- class \`${name}\``, ...constructors, ...members(checker, instance, declaration)];
  }
  if (symbol.flags & ts.SymbolFlags.Function) {
    const signatures = checker.getSignaturesOfType(checker.getTypeOfSymbolAtLocation(symbol, declaration), ts.SignatureKind.Call);
    return signatures.map((signature) => `- function \`${name}${checker.signatureToString(signature, declaration, FORMAT)}\``);
  }
  if (symbol.flags & ts.SymbolFlags.Interface) {
    return [`- interface \`${name}\``, ...members(checker, checker.getDeclaredTypeOfSymbol(symbol), declaration)];
  }
  if (symbol.flags & ts.SymbolFlags.TypeAlias) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const written = checker.typeToString(type, declaration, FORMAT | ts.TypeFormatFlags.InTypeAlias);
    const objectLike = type.flags & ts.TypeFlags.Object && !checker.getSignaturesOfType(type, ts.SignatureKind.Call).length;
    return objectLike ? [`- type \`${name}\``, ...members(checker, type, declaration)] : [`- type \`${name} = ${written}\``];
  }
  if (symbol.flags & ts.SymbolFlags.Variable) {
    return [`- const \`${name}: ${typeText(checker, checker.getTypeOfSymbolAtLocation(symbol, declaration), declaration)}\``];
  }
  if (symbol.flags & ts.SymbolFlags.Enum) return [`- enum \`${name}\``];
  return [`- \`${name}\``];
}

function report(program: ts.Program, entry: Entry): string {
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(entry.source);
  const module = file && checker.getSymbolAtLocation(file);
  if (!module) throw new Error(`${entry.source} did not load`);
  const exported = checker.getExportsOfModule(module).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const importPath = entry.subpath === '.' ? entry.packageName : `${entry.packageName}/${entry.subpath.replace(/^\.\//, '')}`;
  const lines = [
    `# \`${importPath}\``,
    '',
    `Generated by \`pnpm api:report\` from \`${relative(root, entry.source)}\`; CI fails when it is out of date.`,
    `${exported.length} exported names.`,
    '',
    ...exported.flatMap((symbol) => describe(checker, symbol)),
    '',
  ];
  return lines.join('\n');
}

const all = entries();
const program = ts.createProgram(
  all.map((entry) => entry.source),
  {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    customConditions: ['trawl-source'],
    types: ['node'],
  },
);
const stale: string[] = [];
for (const entry of all) {
  const text = report(program, entry);
  const current = existsSync(entry.report) ? readFileSync(entry.report, 'utf8') : undefined;
  if (current === text) continue;
  if (check) {
    stale.push(relative(root, entry.report));
    continue;
  }
  mkdirSync(dirname(entry.report), { recursive: true });
  writeFileSync(entry.report, text);
  console.log(`wrote ${relative(root, entry.report)}`);
}
if (stale.length) {
  console.error(
    `The public API changed and these reports are out of date:\n  ${stale.join('\n  ')}\n` +
      'Review the change, then run `pnpm api:report` and commit the reports with it.',
  );
  process.exit(1);
}
if (check) console.log(`API reports up to date (${all.length} entry points).`);
