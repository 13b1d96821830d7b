import { clip } from '@trawl/core/server';
import type { ZodError } from 'zod';

/** Unknown keys get Firecrawl's wording, so clients see the message they know. */
const unrecognizedKeyMessage = (version: 'v1' | 'v2') =>
  `Unrecognized key in body -- please review the ${version} API documentation for request body changes`;

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
export function zodDetails(error: ZodError, version: 'v1' | 'v2' = 'v1'): IssueDetail[] {
  return error.issues.slice(0, MAX_ISSUES).map((issue) => ({
    // A custom issue may name its own code (`unsupported_format`).
    code: issue.code === 'custom' && typeof issue.params?.code === 'string' ? issue.params.code : issue.code,
    message: issue.code === 'unrecognized_keys' ? unrecognizedKeyMessage(version) : clip(issue.message, 300),
    path: issue.path.map((key) => (typeof key === 'string' ? clip(key, KEY_ECHO) : typeof key === 'symbol' ? String(key) : key)),
    ...(issue.code === 'unrecognized_keys' ? { keys: issue.keys.slice(0, MAX_ISSUES).map((key) => clip(key, KEY_ECHO)) } : {}),
  }));
}

/** One issue in a sentence, for a v2 answer's `error`: where (`formats[2]`, `body`) and what. */
export function describeIssue(issue: IssueDetail): string {
  const where = issue.path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${key}` : key), '');
  if (issue.keys)
    return `${where ? `${where}: ` : ''}unrecognized key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')} (not supported by Trawl's v2 API)`;
  return `${where || 'body'}: ${issue.message}`;
}
