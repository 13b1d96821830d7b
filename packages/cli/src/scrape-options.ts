import { actionSchema } from '@trawl/core/server';
import type { Action, Document, Format, ScrapeOptionsInput } from '@trawl/core';
import type { ScrapeFlags } from './scrape-flags.js';

export function toScrapeOptions(flags: ScrapeFlags): ScrapeOptionsInput {
  const actions = flags.actions === undefined ? undefined : parseActions(flags.actions);
  return {
    onlyMainContent: flags.mainContent,
    ...(flags.includeTags ? { includeTags: flags.includeTags } : {}),
    ...(flags.excludeTags ? { excludeTags: flags.excludeTags } : {}),
    ...(flags.removeBase64Images ? { removeBase64Images: true } : {}),
    ...(flags.skipTlsVerification ? { skipTlsVerification: true } : {}),
    ...(flags.timeout ? { timeout: flags.timeout } : {}),
    ...(flags.header?.length ? { headers: parseHeaders(flags.header) } : {}),
    ...(flags.mobile ? { mobile: true } : {}),
    ...(flags.waitFor ? { waitFor: flags.waitFor } : {}),
    ...(actions?.length ? { actions } : {}),
    formats: withScreenshot(flags),
  };
}

function withScreenshot(flags: ScrapeFlags): Format[] {
  if (flags.fullPageScreenshot) return [flags.format, 'screenshot@fullPage'];
  if (flags.screenshot) return [flags.format, 'screenshot'];
  return [flags.format];
}

/** `--actions '[{"type":"click","selector":"#more"}]'`, checked against the API's action schema. */
export function parseActions(json: string): Action[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new Error(`--actions is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = actionSchema.array().safeParse(value);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.') || 'actions'}: ${i.message}`).join('; ');
    throw new Error(`--actions must be a JSON array of actions (${details})`);
  }
  return parsed.data;
}

function parseHeaders(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    if (at <= 0) throw new Error(`Invalid header "${line}": write it as "Name: value"`);
    headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return headers;
}

/** What `scrape`/`convert` print: the one requested format, or the whole Document with --json. */
export function renderDocument(doc: Document, flags: ScrapeFlags): string {
  if (flags.json) return JSON.stringify(doc, null, 2);
  switch (flags.format) {
    case 'links':
      return (doc.links ?? []).join('\n');
    case 'json':
      return JSON.stringify(doc.json, null, 2);
    case 'html':
      return doc.html ?? '';
    case 'rawHtml':
      return doc.rawHtml ?? '';
    default:
      return doc.markdown ?? '';
  }
}
