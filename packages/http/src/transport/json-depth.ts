import { MAX_JSON_DEPTH } from '@trawl/core/server';
import { codedError } from './api-error.js';

/**
 * Refuses JSON nested deeper than `MAX_JSON_DEPTH` (objects and arrays), whatever part of a request
 * it came in: deep nesting is never data a route needs, and code that walks a value recursively
 * (validation, cloning, serialising for the store) would overflow the stack on it. Walks with its
 * own stack, so the check itself cannot.
 */
export function assertJsonDepth(value: unknown, what = 'The request body', max: number = MAX_JSON_DEPTH): void {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > max) throw codedError('BAD_REQUEST', `${what} nests deeper than ${max} levels of objects and arrays`);
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
}
