/** v2's `question` format: the model answers a question from the page's Markdown. */
import type { LlmProvider, LlmUsage } from '../ports/llm.js';
import { extractFromText } from './extract-from-text.js';

const ANSWER_SCHEMA = {
  type: 'object',
  properties: { answer: { type: 'string', description: 'The answer, from the page only; say so when the page does not answer it.' } },
  required: ['answer'],
};
const SYSTEM = 'You answer questions about a web page from its content.';
/** What the answer says when the page holds none (the model answered null, as it is told to). */
export const NO_ANSWER = 'The page does not answer this question.';

export async function answerQuestion(
  llm: LlmProvider,
  input: { question: string; markdown: string; url: string; title?: string; signal?: AbortSignal | undefined },
): Promise<{ answer: string; usage: LlmUsage; warnings: string[] }> {
  const extraction = await extractFromText(llm, {
    content: input.markdown,
    schema: ANSWER_SCHEMA,
    systemPrompt: SYSTEM,
    prompt: `Answer this question from the page: ${input.question}`,
    url: input.url,
    ...(input.title ? { title: input.title } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
  });
  const answer = extraction.value.answer;
  return {
    answer: typeof answer === 'string' && answer.trim() ? answer.trim() : NO_ANSWER,
    usage: extraction.usage,
    warnings: extraction.warnings,
  };
}
