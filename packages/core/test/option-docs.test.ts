import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { crawlOptionsSchema, scrapeOptionsSchema } from '../src/index.js';

const CORE = fileURLToPath(new URL('..', import.meta.url));
const PROBE = `${CORE}src/__hover-probe__.ts`;

/** What an editor shows on hover over `value.key`, for a value of one of core's public option types. */
function hoverDocs(typeName: string, keys: readonly string[]): Record<string, string> {
  const source = [
    `import type { ${typeName} } from './index.js';`,
    `declare const value: Required<${typeName}>;`,
    ...keys.map((key) => `value.${key};`),
  ].join('\n');
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(`${CORE}tsconfig.json`, ts.sys.readFile).config, ts.sys, CORE);
  const read = (file: string) => (file === PROBE ? source : ts.sys.readFile(file));
  const service = ts.createLanguageService({
    getScriptFileNames: () => [...config.fileNames, PROBE],
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) => {
      const text = read(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => CORE,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: (file) => file === PROBE || ts.sys.fileExists(file),
    readFile: read,
  });
  return Object.fromEntries(
    keys.map((key) => {
      const info = service.getQuickInfoAtPosition(PROBE, source.indexOf(`value.${key};`) + 'value.'.length);
      return [key, ts.displayPartsToString(info?.documentation)];
    }),
  );
}

describe("the library's option types", { timeout: 60_000 }, () => {
  it('carry a description on hover for every scrape and crawl option, though zod derives them', () => {
    const scrape = hoverDocs('ScrapeOptions', Object.keys(scrapeOptionsSchema.shape));
    const crawl = hoverDocs('CrawlOptions', Object.keys(crawlOptionsSchema.shape));
    const undocumented = [...Object.entries(scrape), ...Object.entries(crawl)].filter(([, docs]) => !docs.trim()).map(([key]) => key);
    expect(undocumented).toEqual([]);
  });
});
