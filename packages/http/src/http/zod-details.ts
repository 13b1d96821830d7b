import { clip } from '@trawl/core';
import type { ZodError } from 'zod';

/** Unknown keys get Firecrawl's wording, so clients see the message they know. */
const UNRECOGNIZED_KEY_MESSAGE = 'Unrecognized key in body -- please review the v1 API documentation for request body changes';

export interface IssueDetail {
  code: string;
  message: string;
  path: Array<string | number>;
  keys?: string[];
}

/** Issues listed in one answer, and how much of a key it may quote. */
const MAX_ISSUES = 20;
const KEY_ECHO = 60;

/** The zod issues of a failed body, as the `details` of a 400 answer; user input is quoted only by its start. */
export function zodDetails(error: ZodError): IssueDetail[] {
  return error.issues.slice(0, MAX_ISSUES).map((issue) => ({
    code: issue.code,
    message: issue.code === 'unrecognized_keys' ? UNRECOGNIZED_KEY_MESSAGE : clip(issue.message, 300),
    path: issue.path.map((key) => (typeof key === 'string' ? clip(key, KEY_ECHO) : typeof key === 'symbol' ? String(key) : key)),
    ...(issue.code === 'unrecognized_keys' ? { keys: issue.keys.slice(0, MAX_ISSUES).map((key) => clip(key, KEY_ECHO)) } : {}),
  }));
}
