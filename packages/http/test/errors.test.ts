import { readFileSync } from 'node:fs';
import { API_ERROR_CODES, PAGE_ERROR_CODES } from '@trawl/core/server';
import { TRAWL_ERROR_CODES, TrawlError } from '@trawl/core';
import { describe, expect, it } from 'vitest';
import { codedError } from '../src/transport/api-error.js';
import { toErrorResponse, type ErrorResponse } from '../src/transport/error-response.js';

/** How docs/errors.md names the `HTTP_${number}` family of page codes. */
const PAGE_STATUS_CODES = 'HTTP_<status>';

interface DocRow {
  status: string;
  meaning: string;
}

/** The rows of docs/errors.md's tables, by code: `| \`CODE\` | status | meaning |`. */
function documentedCodes(): Map<string, DocRow> {
  const text = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
  const rows = new Map<string, DocRow>();
  for (const line of text.split('\n')) {
    const row = /^\| `([^`]+)` \| ([^|]+) \| (.+) \|$/.exec(line);
    if (!row) continue;
    const [, code, status, meaning] = row as unknown as [string, string, string, string];
    expect(rows.has(code), `${code} is listed twice`).toBe(false);
    rows.set(code, { status: status.trim(), meaning });
  }
  return rows;
}

/** The code a client reads in the answer: the body's, or the first detail's for a bad request. */
function answeredCode(response: ErrorResponse): unknown {
  const { code, details } = response.body as { code?: string; details?: Array<{ code?: string }> };
  return code === 'BAD_REQUEST' && details?.[0]?.code ? details[0].code : code;
}

describe('docs/errors.md', () => {
  const doc = documentedCodes();

  it('lists every code of the union and no other', () => {
    expect([...doc.keys()].sort()).toEqual([...TRAWL_ERROR_CODES, ...API_ERROR_CODES, ...PAGE_ERROR_CODES, PAGE_STATUS_CODES].sort());
  });

  it('gives each engine code the status and body the API answers with', () => {
    for (const code of TRAWL_ERROR_CODES) {
      const row = doc.get(code);
      const response = toErrorResponse(new TrawlError(code, `a ${code} failure`), 'success');
      expect(`${code}: ${response.status}`).toBe(`${code}: ${row?.status}`);
      // Contract bodies are Firecrawl's fixed messages without a code; every other answer names it.
      const contractBody = row?.meaning.includes('*contract body*');
      expect(`${code}: ${String(answeredCode(response))}`).toBe(`${code}: ${contractBody ? 'undefined' : code}`);
    }
  });

  it("gives each of the API's own codes the status it answers with", () => {
    for (const code of API_ERROR_CODES) {
      const response = toErrorResponse(codedError(code, `a ${code} failure`), 'success');
      expect(`${code}: ${response.status} ${String(response.body.code)}`).toBe(`${code}: ${doc.get(code)?.status} ${code}`);
    }
  });

  it('marks page codes as no status of an answer', () => {
    for (const code of [...PAGE_ERROR_CODES, PAGE_STATUS_CODES]) expect(doc.get(code)?.status).toBe('—');
  });
});

describe('the error mapping', () => {
  it('answers a TrawlError made by another copy of core by its code, as an expected failure', () => {
    // What a second installed @trawl/core throws: its own class, the shared brand.
    const foreign = Object.assign(Object.create(Error.prototype) as Error, {
      [Symbol.for('trawl.error')]: true,
      name: 'TrawlError',
      code: 'SCRAPE_TIMEOUT',
      message: 'Timed out after 1000 ms',
      status: 408,
    });
    const response = toErrorResponse(foreign, 'success');
    expect(response).toEqual({
      status: 408,
      body: { success: false, code: 'SCRAPE_TIMEOUT', error: 'Timed out after 1000 ms' },
      headers: {},
    });
  });

  it('answers 500 for an error that only looks like one, and marks it unexpected', () => {
    const lookalike = Object.assign(new Error('boom'), { name: 'TrawlError', code: 'SCRAPE_TIMEOUT', status: 408 });
    const response = toErrorResponse(lookalike, 'plain');
    expect(response).toMatchObject({ status: 500, body: { error: 'An unexpected error occurred on the server.' }, unexpected: lookalike });
  });
});
