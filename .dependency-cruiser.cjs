// @ts-check
// Import rules of @trawl/core (docs/architecture.md, "Layers of core"): its modules stand in
// layers, and a module imports only from its own layer or the ones below it. Run by
// `pnpm deps:check` (a step of .ci/run) and by packages/core/test/import-rules.test.ts.
const path = require('node:path');

const SRC = '^packages/core/src/';

/**
 * Core's layers, from the bottom. A module belongs to the first layer one of whose patterns
 * (relative to packages/core/src) matches its path, so `content/dom/` is in `base` before
 * `content/` is in `engine`, and `runtime/types.ts` in `ports` before `runtime/` in `runtime`.
 */
const LAYERS = [
  {
    name: 'base',
    holds: 'errors, limits, the settings table, URLs and the SSRF policy, the HTML parser (content/dom/) and the selector check',
    paths: [
      String.raw`(errors|error-codes|limits|options-error|wait-rules|page-profiles)\.ts$`,
      'settings/',
      'url/',
      'selectors/',
      'content/dom/',
    ],
  },
  {
    name: 'page model',
    holds: 'what is asked of a page (options.ts), what a scrape returns (document.ts), what a block page is (blocks/)',
    paths: [String.raw`options\.ts$`, String.raw`document\.ts$`, 'blocks/'],
  },
  {
    name: 'ports',
    holds: "the adapters' interfaces (Store, Browser, LlmProvider, SearchProvider, Converter, LoadedPage) and the Runtime's shape",
    paths: ['ports/', String.raw`runtime/types\.ts$`],
  },
  {
    name: 'engine',
    holds:
      'one page and one record: content, formats, the HTTP engine, document files, the pipeline, the conversion pool, fairness, credits, stores, job records, the per-page model steps',
    paths: [
      'content/',
      'formats/',
      'fetch/',
      String.raw`documents/(?!parse\.ts$)`,
      'pipeline/',
      'convert/',
      'fairness/',
      'credits/',
      'stores/',
      'jobs/',
      String.raw`llm/(?!(extract|llmstxt|agent)/|index\.ts$|llm-job-status\.ts$|robots-verdicts\.ts$)`,
    ],
  },
  {
    name: 'runtime',
    holds: "createRuntime, splitRuntime, the default runtime and the pools it owns (built from the engine's parts)",
    paths: ['runtime/'],
  },
  {
    name: 'calls',
    holds:
      'what a caller asks for: scrape, htmlToDocument, parse, crawl/batch/map and the job workers, the LLM jobs, page memory, monitors, search, sessions',
    paths: [
      String.raw`scrape\.ts$`,
      String.raw`html-to-document\.ts$`,
      String.raw`documents/parse\.ts$`,
      'crawl/',
      'llm/',
      'memory/',
      'monitors/',
      'search/',
      'sessions/',
    ],
  },
  {
    name: 'entries',
    holds: "the package's entry points: index.ts, entries/ (ports, server), testing/",
    paths: [String.raw`index\.ts$`, 'entries/', 'testing/'],
  },
];

/**
 * Imports against the layers that are allowed, each for a reason; type-only, so no code runs
 * against the layers. Goal: none.
 */
const TYPE_ONLY_EXCEPTIONS = [
  {
    from: String.raw`document\.ts$`,
    to: String.raw`(content/profiles/types|content/steps/explain|memory/change-status)\.ts$`,
    why: 'a Document carries the profiles, explain trace and change-tracking result, whose types live beside the code that makes them',
  },
];

const anchored = (patterns) => patterns.map((pattern) => SRC + pattern);
const below = (index) => LAYERS.slice(0, index).flatMap((layer) => anchored(layer.paths));
const above = (index) => LAYERS.slice(index + 1).flatMap((layer) => anchored(layer.paths));
const upTo = (index) => below(index + 1);
const everyLayer = below(LAYERS.length);
const exceptionFroms = anchored(TYPE_ONLY_EXCEPTIONS.map((exception) => exception.from));

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const layerRules = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `layer-${layer.name.replace(/ /g, '-')}`,
  comment: `A module of the ${layer.name} layer (${layer.holds}) imports only from its layer or below: ${LAYERS.slice(0, index + 1)
    .map((l) => l.name)
    .join(', ')}.`,
  severity: 'error',
  from: { path: anchored(layer.paths), pathNot: [...below(index), ...exceptionFroms] },
  to: { path: above(index), pathNot: upTo(index) },
}));

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const exceptionRules = TYPE_ONLY_EXCEPTIONS.flatMap((exception) => {
  const index = LAYERS.findIndex((layer) => layer.paths.some((p) => new RegExp(`^${p}`).test(exception.from.replace(/\\/g, ''))));
  return [
    {
      name: 'layer-exception-elsewhere',
      comment: `${exception.from} may reach above its layer only for ${exception.to} (${exception.why})`,
      severity: 'error',
      from: { path: SRC + exception.from },
      to: { path: above(index), pathNot: [...upTo(index), SRC + exception.to] },
    },
    {
      name: 'layer-exception-types-only',
      comment: `${exception.from} takes only types from ${exception.to} (${exception.why})`,
      severity: 'error',
      from: { path: SRC + exception.from },
      to: { path: SRC + exception.to, dependencyTypesNot: ['type-only'] },
    },
  ];
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle in core, type-only imports included: a cycle of types is still a knot a reader has to untie.',
      severity: 'error',
      from: { path: SRC },
      to: { circular: true },
    },
    ...layerRules,
    ...exceptionRules,
    {
      name: 'every-module-in-a-layer',
      comment: 'Each module of core belongs to a layer (LAYERS above): a new folder or top-level file is placed in one.',
      severity: 'error',
      from: { path: SRC, pathNot: everyLayer },
      to: {},
    },
    {
      name: 'every-import-in-a-layer',
      comment: 'Each module of core belongs to a layer (LAYERS above): a new folder or top-level file is placed in one.',
      severity: 'error',
      from: { path: SRC },
      to: { path: SRC, pathNot: everyLayer },
    },
    {
      name: 'runtime-holds-the-converter-port',
      comment: 'The Runtime holds a Converter (ports/converter.ts); only convert/ knows the ConvertPool class.',
      severity: 'error',
      from: { path: `${SRC}runtime/` },
      to: { path: `${SRC}convert/convert-pool\\.ts$` },
    },
    {
      name: 'core-imports-no-adapter',
      comment: 'core is the pure engine: it imports no other package of the workspace.',
      severity: 'error',
      from: { path: SRC },
      to: { path: '^packages/(?!core/)' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, 'packages/core/tsconfig.json') },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['trawl-source', 'import', 'types'] },
  },
};
// For the import-rules test (every module in a layer); not part of dependency-cruiser's configuration.
Object.defineProperty(module.exports, 'layers', { value: { SRC, LAYERS, TYPE_ONLY_EXCEPTIONS }, enumerable: false });
