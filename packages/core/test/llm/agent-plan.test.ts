import { describe, expect, it } from 'vitest';
import { AGENT_CREDITS, budgetFor, EFFORT_BUDGETS } from '../../src/llm/agent/agent-budget.js';
import { planCall, toolsFor } from '../../src/llm/agent/agent-tools.js';
import { resolveAgentRequest } from '../../src/llm/agent/agent-request.js';
import { stopReason } from '../../src/llm/agent/agent-budget.js';
import { stepPrompt, type AgentNote } from '../../src/llm/agent/agent-prompt.js';

/** The agent's pure planning rules: budgets, what a tool call may do, and what the model reads. */
const fresh = () => ({ steps: 0, pages: 0, credits: 0, startedAt: 0 });

describe('agent budgets', () => {
  it('effort wins over model; Firecrawl model names pick a budget; an unknown name runs the medium one', () => {
    expect(budgetFor('high', 'spark-1-mini')).toEqual(EFFORT_BUDGETS.high);
    expect(budgetFor(undefined, 'spark-1-mini')).toEqual(EFFORT_BUDGETS.low);
    expect(budgetFor(undefined, 'spark-1-pro')).toEqual(EFFORT_BUDGETS.high);
    expect(budgetFor(undefined, 'my-own-model')).toEqual(EFFORT_BUDGETS.medium);
    expect(budgetFor(undefined, undefined)).toEqual(EFFORT_BUDGETS.medium);
  });

  it('explicit bounds (deep research) override the effort; bad requests are INVALID_OPTIONS', () => {
    const request = resolveAgentRequest({ prompt: 'x', effort: 'low', maxSteps: 4, maxPages: 3 });
    expect(request.budget).toEqual({ maxSteps: 4, timeLimitMs: EFFORT_BUDGETS.low.timeLimitMs, maxPages: 3 });
    expect(request.maxCredits).toBe(2500);
    expect(() => resolveAgentRequest({ prompt: ' ' })).toThrow(/prompt/);
    expect(() => resolveAgentRequest({ prompt: 'x', maxCredits: 0 })).toThrow(/maxCredits/);
    expect(() => resolveAgentRequest({ prompt: 'x', strictConstrainToURLs: true })).toThrow(/needs urls/);
    expect(resolveAgentRequest({ prompt: 'x', urls: ['example.com/a', 'http://example.com/a'] }).urls).toEqual(['http://example.com/a']);
  });

  it('a step runs only while steps, time and credits for it and the answer remain', () => {
    const budget = { maxSteps: 2, timeLimitMs: 1000, maxPages: 5 };
    expect(stopReason(budget, 100, fresh(), 0)).toBeUndefined();
    expect(stopReason(budget, 100, { ...fresh(), steps: 2 }, 0)).toBe('steps');
    expect(stopReason(budget, 100, fresh(), 1000)).toBe('time');
    const answerAndStep = AGENT_CREDITS.step + AGENT_CREDITS.answer;
    expect(stopReason(budget, answerAndStep, fresh(), 0)).toBeUndefined();
    expect(stopReason(budget, answerAndStep - 1, fresh(), 0)).toBe('credits');
  });
});

describe('planCall', () => {
  const request = resolveAgentRequest({ prompt: 'find it', maxCredits: 100 });

  it('acts on a valid call, with the URL read as scrape() reads it and its most cost', () => {
    expect(planCall({ name: 'scrape', input: { url: 'example.com/a' } }, request, fresh())).toEqual({
      type: 'act',
      tool: 'scrape',
      input: { url: 'http://example.com/a' },
      most: 1,
      pages: 1,
    });
    expect(planCall({ name: 'crawl', input: { url: 'http://example.com/', limit: 3 } }, request, fresh())).toMatchObject({
      most: 4,
      pages: 3,
    });
    expect(planCall({ name: 'finish', input: { reason: 'done' } }, request, fresh())).toEqual({ type: 'finish', reason: 'done' });
  });

  it('refuses tools not offered, bad arguments, bad URLs, and what the page or credit budget cannot cover', () => {
    expect(planCall({ name: 'delete', input: {} }, request, fresh())).toMatchObject({ type: 'refuse', reason: /not one of the tools/ });
    expect(planCall({ name: 'search', input: { q: 'x' } }, request, fresh())).toMatchObject({ type: 'refuse', reason: /bad arguments/ });
    expect(planCall({ name: 'crawl', input: { url: 'http://example.com/', limit: 50 } }, request, fresh())).toMatchObject({
      type: 'refuse',
    });
    expect(planCall({ name: 'scrape', input: { url: 'ftp://example.com/' } }, request, fresh())).toMatchObject({ type: 'refuse' });
    const pagesSpent = { ...fresh(), pages: request.budget.maxPages };
    expect(planCall({ name: 'scrape', input: { url: 'http://example.com/' } }, request, pagesSpent)).toMatchObject({
      reason: /page budget/,
    });
    const almostBroke = { ...fresh(), credits: 100 - AGENT_CREDITS.answer - 2 };
    expect(planCall({ name: 'search', input: { query: 'x' } }, request, almostBroke)).toMatchObject({ reason: /maxCredits/ });
    expect(planCall({ name: 'scrape', input: { url: 'http://example.com/' } }, request, almostBroke)).toMatchObject({ type: 'act' });
  });

  it('strictConstrainToURLs offers only reading tools and refuses any other page', () => {
    const strict = resolveAgentRequest({ prompt: 'x', urls: ['http://example.com/a'], strictConstrainToURLs: true });
    expect(toolsFor(strict).map((t) => t.name)).toEqual(['scrape', 'extract', 'finish']);
    expect(planCall({ name: 'scrape', input: { url: 'http://example.com/a' } }, strict, fresh())).toMatchObject({ type: 'act' });
    expect(planCall({ name: 'scrape', input: { url: 'http://example.com/b' } }, strict, fresh())).toMatchObject({
      type: 'refuse',
      reason: /not one of the URLs/,
    });
    expect(planCall({ name: 'search', input: { query: 'x' } }, strict, fresh())).toMatchObject({ type: 'refuse' });
  });
});

describe('stepPrompt', () => {
  it('keeps the history within the model context: the newest result in full, older ones cut', () => {
    const request = resolveAgentRequest({ prompt: 'find it' });
    const page = (n: number) => `Page ${n} `.repeat(3000);
    const notes: AgentNote[] = [1, 2, 3].map((step) => ({
      action: { step, tool: 'scrape', input: { url: `http://example.com/${step}` }, status: 'done', message: 'read', credits: 2, at: '' },
      content: page(step),
    }));
    const prompt = stepPrompt(request, notes, { ...fresh(), steps: 3, pages: 3, credits: 6 }, 8000);
    expect(prompt.length).toBeLessThan(8000 * 3);
    expect(prompt).toContain('Budget left: 9 steps, 22 pages, 2494 credits.');
    for (const step of [1, 2, 3]) expect(prompt).toContain(`${step}. scrape {"url":"http://example.com/${step}"} → done: read`);
    expect(prompt).toContain('Page 3 Page 3');
    expect(prompt.indexOf('…(cut)')).toBeGreaterThan(-1);
    // The oldest result no longer fits: only its line is left.
    expect(prompt).not.toContain('Page 1 Page 1');
  });
});
