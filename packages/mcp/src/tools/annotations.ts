import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

/** Tools that read pages of the open web and change nothing there. */
export const READ_ONLY_WEB: Omit<ToolAnnotations, 'title'> = { readOnlyHint: true, openWorldHint: true, destructiveHint: false };

/** Tools that start a job on the server (a crawl, a batch): they read the web, and leave a job behind. */
export const STARTS_JOB: Omit<ToolAnnotations, 'title'> = { readOnlyHint: false, openWorldHint: true, destructiveHint: false };
