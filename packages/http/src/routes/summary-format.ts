/** What the summary format asks the model. */
export const SUMMARY_PROMPT = 'Summarize this page in a few sentences: what it is and what it says.';
export const SUMMARY_SCHEMA = { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] } as const;
