import type { ZodError } from 'zod';

/** Unknown keys get Firecrawl's wording, so clients see the message they know. */
const UNRECOGNIZED_KEY_MESSAGE = 'Unrecognized key in body -- please review the v1 API documentation for request body changes';

export interface IssueDetail {
  code: string;
  message: string;
  path: Array<string | number>;
  keys?: string[];
}

/** The zod issues of a failed body, as the `details` of a 400 answer. */
export function zodDetails(error: ZodError): IssueDetail[] {
  return error.issues.map((issue) => ({
    code: issue.code,
    message: issue.code === 'unrecognized_keys' ? UNRECOGNIZED_KEY_MESSAGE : issue.message,
    path: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
    ...(issue.code === 'unrecognized_keys' ? { keys: issue.keys } : {}),
  }));
}
