/**
 * Finds production code that only tests use: exports of packages/*\/src modules that no
 * production file uses (nor their own module), though a test does, and src modules only tests
 * import. "Production" is every workspace file outside test folders, the testkit package and
 * core's `testing` entry (both are test support). A re-export from a package's public entry
 * counts as a production use: it is API for callers outside the workspace.
 *
 * Run: node --conditions=trawl-source --import tsx scripts/test-only-exports.ts
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface TestOnlyFinding {
  /** Workspace-relative path of the module. */
  file: string;
  /** The export's name, or `*` when the whole module is imported only by tests. */
  name: string;
}

type Use = 'production' | 'test';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export function findTestOnlyExports(root: string = ROOT): TestOnlyFinding[] {
  const program = loadProgram(root);
  const checker = program.getTypeChecker();
  const files = program.getSourceFiles().filter((file) => isWorkspaceFile(root, file.fileName));
  const exportUses = new Map<ts.Symbol, Set<Use>>();
  const moduleUses = new Map<string, Set<Use>>();

  const note = <K>(map: Map<K, Set<Use>>, key: K, use: Use) => {
    const uses = map.get(key) ?? new Set<Use>();
    uses.add(use);
    map.set(key, uses);
  };
  const original = (symbol: ts.Symbol): ts.Symbol => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  const moduleOf = (specifier: ts.Node): ts.Symbol | undefined => checker.getSymbolAtLocation(specifier);
  const useModule = (moduleSymbol: ts.Symbol | undefined, use: Use, whole: boolean) => {
    const file = moduleSymbol?.valueDeclaration?.getSourceFile();
    if (!moduleSymbol || !file) return;
    note(moduleUses, file.fileName, use);
    if (whole) for (const symbol of checker.getExportsOfModule(moduleSymbol)) note(exportUses, original(symbol), use);
  };

  for (const file of files) {
    const use: Use = isTestSupport(root, file.fileName) ? 'test' : 'production';
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
        const moduleSymbol = moduleOf(node.moduleSpecifier);
        const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
        const whole = !bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings);
        useModule(moduleSymbol, use, whole && !(ts.isImportDeclaration(node) && !node.importClause));
        if (moduleSymbol && bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
          const exports = checker.getExportsOfModule(moduleSymbol);
          for (const element of bindings.elements) {
            const name = (element.propertyName ?? element.name).text;
            const symbol = exports.find((candidate) => candidate.name === name);
            if (symbol) note(exportUses, original(symbol), use);
          }
        }
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
        useModule(moduleOf(node.arguments[0]), use, true); // a lazy import: every export counts as used
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        useModule(moduleOf(node.argument.literal), use, true);
      } else if (isModuleUrl(node)) {
        // new URL('./thread.js', import.meta.url): a module loaded by path (a worker thread's entry).
        const target = join(dirname(file.fileName), node.arguments![0]!.getText().slice(1, -1)).replace(/\.js$/, '.ts');
        note(moduleUses, target, use);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  const findings: TestOnlyFinding[] = [];
  for (const file of files) {
    if (!isProductionModule(root, file.fileName)) continue;
    const path = relative(root, file.fileName).split(sep).join('/');
    const moduleSymbol = checker.getSymbolAtLocation(file);
    const importedBy = moduleUses.get(file.fileName);
    if (importedBy?.has('test') && !importedBy.has('production') && !isEntry(root, file.fileName)) {
      findings.push({ file: path, name: '*' });
      continue;
    }
    if (!moduleSymbol) continue;
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const declared = original(symbol);
      if (declared.declarations?.[0]?.getSourceFile() !== file) continue; // a re-export, judged where it is declared
      const uses = exportUses.get(declared);
      if (!uses?.has('test') || uses.has('production')) continue;
      if (!usedWithin(file, declared, checker)) findings.push({ file: path, name: symbol.name });
    }
  }
  return findings.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
}

function loadProgram(root: string): ts.Program {
  const configPath = join(root, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`Cannot read ${configPath}`);
  return ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } });
}

/** The export is read inside its own module (by a function, a type, a default...), not only declared there. */
function usedWithin(file: ts.SourceFile, symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
  const declarationNames = new Set((symbol.declarations ?? []).map((declaration) => ts.getNameOfDeclaration(declaration)));
  let used = false;
  const visit = (node: ts.Node): void => {
    if (used) return;
    if (ts.isIdentifier(node) && node.text === symbol.name && !declarationNames.has(node) && !ts.isExportSpecifier(node.parent)) {
      const found = checker.getSymbolAtLocation(node);
      if (found === symbol || (found && found.flags & ts.SymbolFlags.Alias && checker.getAliasedSymbol(found) === symbol)) used = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return used;
}

function isModuleUrl(node: ts.Node): node is ts.NewExpression {
  return (
    ts.isNewExpression(node) &&
    node.expression.getText() === 'URL' &&
    node.arguments?.length === 2 &&
    ts.isStringLiteral(node.arguments[0]!) &&
    node.arguments[0].text.startsWith('.') &&
    /\.[jt]s$/.test(node.arguments[0].text) &&
    node.arguments[1]!.getText() === 'import.meta.url'
  );
}

function workspacePath(root: string, fileName: string): string {
  return relative(root, fileName).split(sep).join('/');
}

function isWorkspaceFile(root: string, fileName: string): boolean {
  const path = workspacePath(root, fileName);
  return !path.startsWith('..') && !path.includes('node_modules/') && !path.endsWith('.d.ts');
}

/** Tests, and the code that exists to support them. */
function isTestSupport(root: string, fileName: string): boolean {
  const path = workspacePath(root, fileName);
  return /(^|\/)test\//.test(path) || path.startsWith('packages/testkit/') || /^packages\/[^/]+\/src\/testing\//.test(path);
}

function isProductionModule(root: string, fileName: string): boolean {
  return /^packages\/[^/]+\/src\//.test(workspacePath(root, fileName)) && !isTestSupport(root, fileName);
}

/** A package's public entry points (package.json `exports` and `bin`, as sources), which no workspace file need import. */
function isEntry(root: string, fileName: string): boolean {
  const path = workspacePath(root, fileName);
  const packageDir = path.split('/').slice(0, 2).join('/');
  const manifest = JSON.parse(readFileSync(join(root, packageDir, 'package.json'), 'utf8')) as { exports?: unknown; bin?: unknown };
  const targets = JSON.stringify([manifest.exports ?? {}, manifest.bin ?? {}]);
  const local = path.slice(packageDir.length + 1);
  const stem = local.replace(/^src\//, '').replace(/\.ts$/, '');
  return targets.includes(`./${local}`) || targets.includes(`/${stem}.js`) || local === 'src/index.ts';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const findings = findTestOnlyExports();
  for (const finding of findings) console.log(`${finding.file}: ${finding.name === '*' ? 'the whole module' : finding.name}`);
  console.log(findings.length ? `${findings.length} used only by tests` : 'No production code is used only by tests.');
  process.exitCode = findings.length ? 1 : 0;
}
