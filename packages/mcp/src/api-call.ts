/**
 * A tool's call of the API, and its failures as tool errors: the agent reads the status, the
 * error code and the message the REST API would have answered, and can change its arguments.
 */
import type { ApiCall } from '@trawl/http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from './context.js';

/** A failure the tool answers as `isError: true` text rather than as a protocol error. */
export class ToolFailure extends Error {}

export async function callApi<T = Record<string, unknown>>(
  context: ToolContext,
  call: Omit<ApiCall, 'account' | 'origin'>,
  what: string,
): Promise<T> {
  const { status, body } = await context.api.invoke({
    ...call,
    account: context.account,
    ...(context.origin ? { origin: context.origin } : {}),
  });
  if (status >= 400 || body.success === false) throw new ToolFailure(describeFailure(what, status, body));
  return body as T;
}

export function describeFailure(what: string, status: number, body: Record<string, unknown>): string {
  const code = typeof body.code === 'string' ? ` ${body.code}` : '';
  // A job that failed is read with a 200: only a refused request has a status worth naming.
  const answer = status >= 400 ? ` (HTTP ${status}${code})` : code ? ` (${code.trim()})` : '';
  const lines = [`${what} failed${answer}: ${String(body.error ?? 'no reason given')}`];
  if (Array.isArray(body.details)) {
    for (const detail of body.details.slice(0, 20) as Array<{ path?: unknown[]; message?: string }>) {
      const path = Array.isArray(detail.path) && detail.path.length ? `${detail.path.join('.')}: ` : '';
      lines.push(`- ${path}${detail.message ?? JSON.stringify(detail)}`);
    }
  }
  const hint = (typeof body.code === 'string' ? CODE_HINTS[body.code] : undefined) ?? STATUS_HINTS[status];
  if (hint) lines.push(hint);
  return lines.join('\n');
}

/** What an agent can do about a failure, by its code, else by its status. */
const CODE_HINTS: Record<string, string> = {
  SCRAPE_BLOCKED_URL:
    "The server's network policy refuses this address (loopback, private and link-local ones by default); only public web addresses can be read.",
  SCRAPE_DNS_RESOLUTION_ERROR: 'The host name does not resolve: check the URL for a typo.',
};
const STATUS_HINTS: Record<number, string> = {
  401: 'The server needs an API key: set the Authorization: Bearer header of the MCP connection.',
  402: 'The team has run out of credits.',
  429: 'Too many requests for this team: wait a minute and call again.',
  501: 'The server lacks what this needs (a browser, a model or a search provider); try without the option that needs it.',
};

export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

export function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Runs a tool's work; a ToolFailure becomes a tool error, anything else is left to the SDK (also a tool error). */
export async function asTool(work: () => Promise<string>): Promise<CallToolResult> {
  try {
    return textResult(await work());
  } catch (error) {
    if (error instanceof ToolFailure) return errorResult(error.message);
    throw error;
  }
}
