/**
 * A v2 scrape request in core's (v1) vocabulary: what core is asked for, and how the
 * Document it returns is shaped into v2's (see v2-document.ts). Pure; the plan is plain JSON, so
 * crawl and batch jobs keep it and shape each page when it is read.
 */
import { PAGE_PROFILES, type AttributeSelector, type Format, type PageProfileName, type ScrapeOptionsInput } from '@trawl/core';
import { selectorProblem, type PageMemoryRequest } from '@trawl/core/server';
import { badRequest } from '../transport/api-error.js';
import { findFormat, type V2Format } from '../schemas/v2-formats.js';
import { memoryRequest, V2_DEFAULT_MAX_AGE_MS } from '../routes/memory-plan.js';
import { SUMMARY_PROMPT, SUMMARY_SCHEMA } from '../routes/summary-format.js';
import { hostedOnlyWarnings } from '../routes/hosted-only-warnings.js';
import type { V2ScrapeOptions } from '../schemas/v2-scrape.js';

/** What turns core's Document into v2's. */
export interface V2Shaping {
  /** The summary comes back as core's `json` format; it moves to `summary`. */
  summary: boolean;
  /** Formats core produced that the request did not ask for. */
  drop: Array<'rawHtml' | 'markdown'>;
  /** What the request asked for that changes nothing here. */
  warnings: string[];
}

export interface V2ScrapePlan {
  /** The scrape options core is given. */
  scrapeOptions: ScrapeOptionsInput;
  shaping: V2Shaping;
  /** What the page memory is asked: the cache (maxAge defaults to two days, as on Firecrawl) and change tracking. */
  memory: PageMemoryRequest;
}

export function planV2Scrape(options: V2ScrapeOptions): V2ScrapePlan {
  const formats: readonly V2Format[] = options.formats ?? [{ type: 'markdown' }];
  const json = findFormat(formats, 'json');
  const summary = findFormat(formats, 'summary') !== undefined;
  if (json && summary) {
    throw badRequest(
      [
        {
          code: 'unsupported_combination',
          message: 'the summary and json formats cannot be asked for together: add a summary field to the json schema instead',
          path: ['formats'],
        },
      ],
      'Bad Request: formats: summary and json together are not supported',
    );
  }
  const attributes = findFormat(formats, 'attributes')?.selectors;
  assertSelectors(attributes);
  const images = findFormat(formats, 'images') !== undefined;
  // zeroDataRetention is honoured here (the page memory keeps nothing of the request), so it warns of nothing.
  const warnings = hostedOnlyWarnings({ ...options, zeroDataRetention: false });
  const profiles = formats
    .map((format) => format.type)
    .filter((type): type is PageProfileName => (PAGE_PROFILES as readonly string[]).includes(type));
  const question = questionOf(formats);
  const highlightsQuery = findFormat(formats, 'highlights')?.query;

  const coreFormats: Format[] = [];
  const drop: V2Shaping['drop'] = [];
  for (const format of formats) {
    if (format.type === 'markdown' || format.type === 'html' || format.type === 'rawHtml' || format.type === 'links')
      coreFormats.push(format.type);
    if (format.type === 'screenshot') coreFormats.push(format.fullPage ? 'screenshot@fullPage' : 'screenshot');
    if (format.type === 'json' || format.type === 'summary') coreFormats.push('json');
  }
  if (!coreFormats.length) {
    // images, attributes, profiles, question or highlights alone still need a format; core's cheapest one carries them.
    coreFormats.push('rawHtml');
    drop.push('rawHtml');
  }

  const screenshot = findFormat(formats, 'screenshot');
  const scrapeOptions: ScrapeOptionsInput = {
    formats: coreFormats,
    // Read by core from the page, in the same parse as the other formats (and off the event loop).
    ...(images ? { images } : {}),
    ...(attributes ? { attributes } : {}),
    ...(profiles.length ? { profiles } : {}),
    ...(question === undefined ? {} : { question }),
    ...(highlightsQuery === undefined ? {} : { highlightsQuery }),
    // JPEG quality and viewport of the screenshot format: the browser loads the page at that viewport.
    ...(screenshot && (screenshot.quality !== undefined || screenshot.viewport)
      ? {
          screenshotOptions: {
            ...(screenshot.quality === undefined ? {} : { quality: screenshot.quality }),
            ...(screenshot.viewport ? { viewport: screenshot.viewport } : {}),
          },
        }
      : {}),
    ...(options.onlyMainContent === undefined ? {} : { onlyMainContent: options.onlyMainContent }),
    ...(options.includeTags ? { includeTags: options.includeTags } : {}),
    ...(options.excludeTags ? { excludeTags: options.excludeTags } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.waitFor === undefined ? {} : { waitFor: options.waitFor }),
    ...(options.mobile === undefined ? {} : { mobile: options.mobile }),
    // v2 accepts invalid certificates unless told otherwise, as Firecrawl's v2 does.
    skipTlsVerification: options.skipTlsVerification ?? true,
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    ...(json ? { jsonOptions: { ...(json.prompt ? { prompt: json.prompt } : {}), ...(json.schema ? { schema: json.schema } : {}) } } : {}),
    ...(summary ? { jsonOptions: { prompt: SUMMARY_PROMPT, schema: { ...SUMMARY_SCHEMA } } } : {}),
    ...(options.actions ? { actions: options.actions.map(toCoreAction) } : {}),
    ...(options.location
      ? {
          location: {
            country: options.location.country ?? 'US',
            ...(options.location.languages ? { languages: options.location.languages } : {}),
          },
        }
      : {}),
    ...(options.removeBase64Images === undefined ? {} : { removeBase64Images: options.removeBase64Images }),
    ...(options.blockAds === undefined ? {} : { blockAds: options.blockAds }),
    // `enhanced` is v2's name for what v1 called `stealth`.
    ...(options.proxy ? { proxy: options.proxy === 'enhanced' ? 'stealth' : options.proxy } : {}),
    ...pdfParserOptions(options.parsers, warnings),
  };
  const { type: _type, ...tracking } = findFormat(formats, 'changeTracking') ?? { type: undefined };
  const memory = memoryRequest(
    options,
    V2_DEFAULT_MAX_AGE_MS,
    findFormat(formats, 'changeTracking') ? tracking : undefined,
    coreFormats.includes('markdown'),
  );
  return { scrapeOptions, shaping: { summary, drop, warnings }, memory };
}

/** The question the `question` format (or its deprecated form `query`) asks; both at once are a 400. */
function questionOf(formats: readonly V2Format[]): string | undefined {
  const question = findFormat(formats, 'question');
  const query = findFormat(formats, 'query');
  if (question && query) {
    const message = 'the question and query formats both ask for the answer: send one (query is the older name of question)';
    throw badRequest([{ code: 'unsupported_combination', message, path: ['formats'] }], `Bad Request: formats: ${message}`);
  }
  if (question) return question.question;
  if (!query) return undefined;
  return query.mode === 'directQuote' ? `${query.prompt}\n(Answer with the exact words of the page, quoted.)` : query.prompt;
}

/**
 * v2's `parsers` in core's terms: without "pdf" in the list (`[]` included) a PDF comes
 * back as base64, as Firecrawl answers; a pdf parser's `maxPages`, `pageMarkers` and `pages`
 * (or its old name `pageMarkdown`) become `pdfOptions`. Absent, PDFs are parsed.
 */
export function pdfParserOptions(
  parsers: V2ScrapeOptions['parsers'],
  warnings: string[],
): Pick<ScrapeOptionsInput, 'parsePDF' | 'pdfOptions'> {
  if (!parsers) return {};
  const pdf = parsers.find((parser) => parser === 'pdf' || (typeof parser === 'object' && parser.type === 'pdf'));
  if (!pdf) return { parsePDF: false };
  if (typeof pdf === 'string' || pdf.type !== 'pdf') return { parsePDF: true };
  if (pdf.mode === 'ocr') warnings.push('parsers pdf mode "ocr" reads the text layer only here: Trawl has no OCR model');
  if (pdf.blocks) warnings.push('parsers pdf blocks (layout blocks) are not produced by Trawl');
  const pages = pdf.pages ?? pdf.pageMarkdown;
  const pdfOptions = {
    ...(pdf.maxPages === undefined ? {} : { maxPages: pdf.maxPages }),
    ...(pdf.pageMarkers === undefined ? {} : { pageMarkers: pdf.pageMarkers }),
    ...(pages === undefined ? {} : { pages }),
  };
  return { parsePDF: true, ...(Object.keys(pdfOptions).length ? { pdfOptions } : {}) };
}

type CoreAction = NonNullable<ScrapeOptionsInput['actions']>[number];

export function toCoreAction(action: NonNullable<V2ScrapeOptions['actions']>[number]): CoreAction {
  switch (action.type) {
    case 'screenshot':
      return {
        type: 'screenshot',
        fullPage: action.fullPage ?? false,
        ...(action.quality === undefined ? {} : { quality: action.quality }),
        ...(action.viewport ? { viewport: action.viewport } : {}),
      };
    case 'click':
      return { type: 'click', selector: action.selector };
    case 'pdf':
      return {
        type: 'pdf',
        format: action.format ?? 'Letter',
        landscape: action.landscape ?? false,
        scale: action.scale ?? 1,
      };
    default:
      return action;
  }
}

function assertSelectors(selectors: readonly AttributeSelector[] | undefined): void {
  const problems = (selectors ?? []).flatMap(({ selector }, index) => {
    const problem = selectorProblem(selector);
    return problem ? [{ code: 'invalid_selector', message: problem, path: ['formats', 'attributes', 'selectors', index, 'selector'] }] : [];
  });
  if (problems.length) throw badRequest(problems, `Bad Request: ${problems[0]!.message}`);
}
