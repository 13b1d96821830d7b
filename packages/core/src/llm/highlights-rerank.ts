/**
 * v2's `highlights` with a model: BM25's best candidates (formats/highlights.ts) shown to the
 * model, which names the ones that answer the query best, in order. Passages it does not name
 * are dropped; names it invents are ignored, so the output is always the page's own text.
 */
import type { Passage } from '../formats/highlights.js';
import type { LlmProvider, LlmUsage } from '../ports/llm.js';

/** How many BM25 candidates the model sees. */
export const RERANK_CANDIDATES = 12;
const MAX_PASSAGE_CHARS = 800;
const SCHEMA = {
  type: 'object',
  properties: {
    passages: { type: 'array', items: { type: 'integer' }, description: 'Numbers of the most relevant passages, best first.' },
  },
  required: ['passages'],
};

export async function rerankPassages(
  llm: LlmProvider,
  query: string,
  candidates: readonly Passage[],
  keep: number,
  signal?: AbortSignal,
): Promise<{ passages: Passage[]; usage: LlmUsage }> {
  const listed = candidates.map((passage, number) => `[${number + 1}] ${passage.text.slice(0, MAX_PASSAGE_CHARS)}`).join('\n\n');
  const answer = await llm.generateObject({
    system: 'You rank passages of a web page by how directly they answer a query. Use only the numbers given.',
    prompt: `Query: ${query}\n\nPassages:\n\n${listed}\n\nAnswer with the numbers of the at most ${keep} passages that answer the query best, best first.`,
    schema: SCHEMA,
    ...(signal ? { signal } : {}),
  });
  const named = Array.isArray(answer.object.passages) ? answer.object.passages : [];
  const chosen: Passage[] = [];
  for (const number of named) {
    const passage = typeof number === 'number' ? candidates[number - 1] : undefined;
    if (passage && !chosen.includes(passage)) chosen.push(passage);
    if (chosen.length >= keep) break;
  }
  // A model that names nothing usable leaves BM25's order.
  return { passages: chosen.length ? chosen : candidates.slice(0, keep), usage: answer.usage };
}
