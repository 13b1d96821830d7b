import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

// core's import rules (.dependency-cruiser.cjs, docs/architecture.md "Layers of core"), checked on
// core's sources and shown to fire on a miniature tree that breaks each of them.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/import-rules/', import.meta.url));

interface Layer {
  name: string;
  paths: string[];
}
const config = createRequire(import.meta.url)(`${root}.dependency-cruiser.cjs`) as {
  forbidden: IForbiddenRuleType[];
  options: { tsConfig: { fileName: string } };
  layers: { SRC: string; LAYERS: Layer[] };
};

async function cruiseCore(baseDir: string, tsConfigFile: string): Promise<ICruiseResult> {
  const { output } = await cruise(
    ['packages/core/src'],
    {
      baseDir,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      tsPreCompilationDeps: true,
      tsConfig: { fileName: tsConfigFile },
      doNotFollow: { path: 'node_modules' },
      exclude: { path: 'node_modules' },
    },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  return output as ICruiseResult;
}

const violationsOf = (result: ICruiseResult): string[] =>
  result.summary.violations.map(
    ({ rule, from, to }) => `${rule.name}: ${from.replace('packages/core/src/', '')} → ${to.replace('packages/core/src/', '')}`,
  );

describe("core's import rules", () => {
  // One cruise of core's ~350 modules serves both checks of the sources.
  let sources: Promise<ICruiseResult> | undefined;
  const cruiseSources = () => (sources ??= cruiseCore(root, config.options.tsConfig.fileName));

  it('hold on the sources: no cycle (types included), no import against the layers', async () => {
    const result = await cruiseSources();
    expect(violationsOf(result)).toEqual([]);
    // The cruise saw core, not an empty tree.
    expect(result.modules.filter((module) => module.source.startsWith('packages/core/src/')).length).toBeGreaterThan(300);
  }, 120_000);

  it('place every module of core in a layer', async () => {
    const result = await cruiseSources();
    const patterns = config.layers.LAYERS.flatMap((layer) => layer.paths).map((path) => new RegExp(config.layers.SRC + path));
    const unplaced = result.modules
      .map((module) => module.source)
      .filter((source) => source.startsWith('packages/core/src/') && !patterns.some((pattern) => pattern.test(source)));
    expect(unplaced).toEqual([]);
  }, 120_000);

  it('fail on imports that break them (a miniature tree with the shapes core had)', async () => {
    const result = await cruiseCore(fixture, `${fixture}tsconfig.json`);
    expect(violationsOf(result).sort()).toEqual(
      [
        'every-module-in-a-layer: stray.ts → scrape.ts',
        'layer-engine: content/clean.ts → scrape.ts',
        'layer-page-model: options.ts → runtime/runtime.ts',
        // A cycle is reported once, at one of its imports.
        'no-circular: convert/convert-pool.ts → options.ts',
        'runtime-holds-the-converter-port: runtime/runtime.ts → convert/convert-pool.ts',
      ].sort(),
    );
  }, 120_000);
});
