import type { JsonSchema } from '@trawl/core/ports';

/**
 * The system text of a request. The schema is always written out here too: some servers accept
 * a response format or tool schema and then ignore it, and a model told nothing answers anything.
 */
export function instructionsFor(system: string | undefined, schema: JsonSchema | undefined): string {
  const task = system?.trim() ? `${system.trim()}\n\n` : '';
  if (!schema) return `${task}Answer with one JSON object and nothing else.`;
  return `${task}Answer with one JSON object, and nothing else, that is valid against this JSON Schema:\n${JSON.stringify(schema)}`;
}

/** The follow-up after an answer that failed validation: what was wrong, and what to do. */
export function correctionFor(problems: readonly string[]): string {
  return [
    'Your answer is not valid against the JSON Schema:',
    ...problems.map((p) => `- ${p}`),
    'Answer again with the corrected JSON object only.',
  ].join('\n');
}

/** The JSON in a reply, tolerating Markdown code fences and text around one object. */
export function parseJsonReply(text: string): unknown {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(trimmed)?.[1] ?? trimmed;
  try {
    return JSON.parse(fenced);
  } catch {
    const start = fenced.indexOf('{');
    const end = fenced.lastIndexOf('}');
    if (start < 0 || end <= start) return undefined;
    try {
      return JSON.parse(fenced.slice(start, end + 1));
    } catch {
      return undefined;
    }
  }
}
