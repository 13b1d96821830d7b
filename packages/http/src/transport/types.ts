import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A request as any Node framework hands it over: plain `node:http`, or Express and Connect,
 * which add `originalUrl` (the path before the mount prefix was stripped) and maybe a parsed `body`.
 */
export type NodeRequest = IncomingMessage & { originalUrl?: string; body?: unknown };
export type NodeResponse = ServerResponse;
/** Express/Connect's continuation: called for paths the API does not serve. */
export type NextFunction = (error?: unknown) => void;
