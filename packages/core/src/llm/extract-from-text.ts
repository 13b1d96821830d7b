import { addUsage, NO_USAGE, type JsonSchema, type LlmProvider, type LlmUsage } from '../ports/llm.js';
import { mergeAnswers } from './merge-answers.js';
import { missingRequired, nullableSchema, withoutOptionalNulls } from './nullable-schema.js';
import { contentCharsFor, estimateTokens, splitContent } from './split-content.js';

export interface TextExtraction {
  /** The page's text, usually its Markdown. */
  content: string;
  /** What to extract; a prompt alone asks for a free-form object. */
  prompt?: string;
  /** Replaces the opening of the instructions (the null-for-missing rule always follows). */
  systemPrompt?: string;
  schema?: JsonSchema;
  /** The page's URL and title, told to the model as context (main-content extraction often drops the title heading). */
  url?: string;
  title?: string;
  signal?: AbortSignal;
  /** Pieces of one long page read at most (default 10); the rest is left out with a warning. */
  maxPieces?: number;
}

export interface TextExtractionResult {
  /** The merged answer, still in the nullable shape (null: not found); see `finishAnswer`. */
  value: Record<string, unknown>;
  usage: LlmUsage;
  /** Requests made: one per piece read. */
  pieces: number;
  warnings: string[];
}

const DEFAULT_MAX_PIECES = 10;

const RULES =
  'Use only facts stated in the content; never invent a value. When the content does not give a value, answer null for it. Answer with a single JSON object.';
const DEFAULT_SYSTEM = 'You extract structured data from the content of a web page.';

/**
 * Asks the model for the object described by `schema`/`prompt` in `content`. A page longer than
 * the model's context is read in pieces, and the pieces' answers merged (see merge-answers.ts).
 */
export async function extractFromText(llm: LlmProvider, input: TextExtraction): Promise<TextExtractionResult> {
  const schema = input.schema ? nullableSchema(input.schema) : undefined;
  const system = `${input.systemPrompt?.trim() || DEFAULT_SYSTEM}\n\n${RULES}`;
  const task =
    input.prompt?.trim() ||
    (input.schema ? 'Extract the data the JSON schema describes.' : 'Extract the key information of this page as a JSON object.');
  const overheadTokens =
    estimateTokens(system + task + (schema ? JSON.stringify(schema) : '') + (input.url ?? '') + (input.title ?? '')) + 200;
  const pieces = splitContent(input.content, contentCharsFor({ contextTokens: llm.contextTokens, overheadTokens }));
  if (!pieces.length) return { value: {}, usage: NO_USAGE, pieces: 0, warnings: ['The page has no text to extract from.'] };

  const maxPieces = input.maxPieces ?? DEFAULT_MAX_PIECES;
  const read = pieces.slice(0, maxPieces);
  const warnings =
    pieces.length > read.length
      ? [`The page is longer than the model's context allows: only the first ${read.length} of ${pieces.length} parts were read.`]
      : [];
  let usage = NO_USAGE;
  const answers = [];
  for (const [index, piece] of read.entries()) {
    const answer = await llm.generateObject({
      system,
      prompt: pagePrompt(task, piece, input, index, read.length),
      ...(schema ? { schema } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    });
    usage = addUsage(usage, answer.usage);
    answers.push({ source: String(index), value: answer.object });
  }
  return { value: mergeAnswers(answers).value, usage, pieces: read.length, warnings };
}

function pagePrompt(task: string, piece: string, page: Pick<TextExtraction, 'url' | 'title'>, index: number, count: number): string {
  const part = count > 1 ? ` (part ${index + 1} of ${count}; the other parts are read separately)` : '';
  return [
    task,
    '',
    ...(page.url ? [`Web page: ${page.url}`] : []),
    ...(page.title ? [`Title: ${page.title}`] : []),
    `Content${part}:`,
    '<content>',
    piece,
    '</content>',
  ].join('\n');
}

/** The answer as the caller's schema reads it: optional nulls dropped, missing required fields named. */
export function finishAnswer(
  schema: JsonSchema | undefined,
  value: Record<string, unknown>,
): { value: Record<string, unknown>; warning?: string } {
  const cleaned = withoutOptionalNulls(schema, value) as Record<string, unknown>;
  const missing = missingRequired(schema, cleaned);
  if (!missing.length) return { value: cleaned };
  const shown = missing.slice(0, 10).join(', ') + (missing.length > 10 ? `, and ${missing.length - 10} more` : '');
  return { value: cleaned, warning: `No value was found for the required field(s) ${shown}; they are null.` };
}
