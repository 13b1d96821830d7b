import type { Agent as UndiciAgent, Dispatcher, request as undiciRequest } from 'undici';
// undici's index loads all of undici (fetch, WebSocket, cookies, caches, mocks: about 110 modules,
// the largest part of a one-page scrape's start-up). The engine needs two parts, imported alone.
// They are plain CommonJS without types of their own; they are typed here as the index exports them.
// @ts-expect-error: no declaration file for this part (its type is undici's Agent)
import agentClass from 'undici/lib/dispatcher/agent.js';
// @ts-expect-error: no declaration file for this part (its type is that of Dispatcher#request)
import requestOnDispatcher from 'undici/lib/api/api-request.js';

export const Agent: typeof UndiciAgent = agentClass;
export type Agent = UndiciAgent;

type RequestOptions = NonNullable<Parameters<typeof undiciRequest>[1]> & { dispatcher: Dispatcher };

/** undici's `request(url, options)`, on the dispatcher the options name (the index's wrapper does the same). */
export function request(url: URL, options: RequestOptions): ReturnType<typeof undiciRequest> {
  const { dispatcher, ...rest } = options;
  return (requestOnDispatcher as Dispatcher['request']).call(dispatcher, {
    ...rest,
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: rest.method ?? 'GET',
  }) as ReturnType<typeof undiciRequest>;
}
