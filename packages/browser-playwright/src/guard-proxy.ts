import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { createGuardedLookup, isHostAllowedByPolicy, isNonPublicAddress } from '@trawl/core/ports';
import type { SsrfPolicy } from '@trawl/core';
import type { ProxyServer } from './context-plan.js';
import { bypassesUpstream, chainableUpstream, tunnelThrough } from './upstream-proxy.js';

/** Marks the 403 a guard proxy answers, so a refused main document becomes SCRAPE_BLOCKED_URL. */
export const BLOCKED_HEADER = 'x-trawl-blocked';

/**
 * A forward proxy on 127.0.0.1 that the browser sends every request through when the SSRF
 * policy blocks private networks. It checks the address at connect time, like core's HTTP
 * engine, so redirects, subresources, WebSockets and DNS rebinding are all covered.
 *
 * With an upstream proxy it checks each target's address the same way, then forwards allowed
 * traffic through the upstream: to an http:// one as absolute-form requests and CONNECT tunnels,
 * to a socks5:// one as SOCKS5 CONNECT tunnels (plain HTTP requests sent through them). The
 * upstream's own address is not checked, as it may well be on a private network.
 */
export interface GuardProxy {
  /** `http://127.0.0.1:PORT`, for a browser context's `proxy.server`. */
  readonly server: string;
  /** True when the proxy refused this host in the last minute. */
  refused(host: string): boolean;
  close(): Promise<void>;
}

const REMEMBER_REFUSALS_MS = 60_000;

export async function startGuardProxy(policy: SsrfPolicy, upstreamProxy?: ProxyServer): Promise<GuardProxy> {
  const lookup = createGuardedLookup(policy);
  const upstream = upstreamProxy && chainableUpstream(upstreamProxy);
  if (upstreamProxy && !upstream) {
    throw new TypeError(`The SSRF guard can only chain to an http:// or socks5:// proxy, not ${upstreamProxy.server}`);
  }
  const via = (host: string) => (upstream && !bypassesUpstream(upstream, host) ? upstream : undefined);
  // What the guarded lookup says of a host the upstream will resolve itself.
  const checkHost = (host: string) =>
    new Promise<void>((resolve, reject) => lookup(host.replace(/^\[|\]$/g, ''), {}, (error) => (error ? reject(error) : resolve())));
  const refusals = new Map<string, number>();
  const sockets = new Set<Socket | Duplex>();
  const refuse = (host: string) => {
    refusals.set(host.toLowerCase().replace(/^\[|\]$/g, ''), Date.now());
    if (refusals.size > 1000) refusals.delete(refusals.keys().next().value!);
  };
  // Connecting to an IP literal skips the lookup, so literals are judged here.
  const literalRefused = (host: string) => {
    const bare = host.replace(/^\[|\]$/g, '');
    return policy.blockPrivateNetworks && isIP(bare) !== 0 && !isHostAllowedByPolicy(bare, policy) && isNonPublicAddress(bare);
  };

  const server: Server = createServer((req, res) => forward(req, res));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function forward(req: IncomingMessage, res: ServerResponse): void {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      return void res.writeHead(400).end('A proxy request needs an absolute URL');
    }
    if (target.protocol !== 'http:') return void res.writeHead(400).end('Only http:// goes through the proxy without CONNECT');
    if (literalRefused(target.hostname)) return refuseHttp(res, target.hostname);
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    delete headers['proxy-authorization'];
    const failed = (error: Error) => {
      if (error.name === 'BlockedAddressError') return refuseHttp(res, target.hostname);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(error.message);
      else res.destroy();
    };
    const send = (options: RequestOptions) => {
      const outgoing = httpRequest({ ...options, method: req.method }, (response) => {
        res.writeHead(response.statusCode ?? 502, response.rawHeaders);
        response.pipe(res);
      });
      outgoing.on('error', failed);
      req.pipe(outgoing);
    };
    const chained = via(target.hostname);
    if (!chained) {
      return send({
        host: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port || 80,
        path: `${target.pathname}${target.search}`,
        headers,
        lookup,
      });
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const path = `${target.pathname}${target.search}`;
    if (chained.protocol === 'socks5') {
      // SOCKS has no request form: a tunnel to the target, and the request in origin form through it.
      const tunnel = checkHost(host).then(() => tunnelThrough(chained, host, Number(target.port || 80)));
      tunnel.then(({ socket }) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        send({ createConnection: () => socket, path, headers });
      }, failed);
      return;
    }
    if (chained.authorization) headers['proxy-authorization'] = chained.authorization;
    checkHost(host).then(() => send({ host: chained.host, port: chained.port, path: target.href, headers }), failed);
  }

  function refuseHttp(res: ServerResponse, host: string): void {
    refuse(host);
    res
      .writeHead(403, { 'content-type': 'text/plain', [BLOCKED_HEADER]: '1' })
      .end(`Refused: ${host} is a private, loopback or link-local address`);
  }

  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const [rawHost, rawPort] = splitHostPort(req.url ?? '');
    const fail = (status: string) => {
      client.end(`HTTP/1.1 ${status}\r\n${BLOCKED_HEADER}: 1\r\n\r\n`);
    };
    if (!rawHost) return fail('400 Bad Request');
    if (literalRefused(rawHost)) {
      refuse(rawHost);
      return fail('403 Forbidden');
    }
    const host = rawHost.replace(/^\[|\]$/g, '');
    const chained = via(host);
    const tunnel = chained ? checkHost(host).then(() => tunnelThrough(chained, host, rawPort)) : connectDirectly(host, rawPort);
    tunnel.then(
      ({ socket, rest }) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => client.destroy());
        if (client.destroyed) return void socket.destroy();
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (rest.length) client.write(rest);
        if (head.length) socket.write(head);
        socket.pipe(client);
        client.pipe(socket);
      },
      (error: Error) => {
        if (error.name === 'BlockedAddressError') {
          refuse(rawHost);
          return fail('403 Forbidden');
        }
        if (!client.destroyed) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      },
    );
  });

  function connectDirectly(host: string, port: number): Promise<{ socket: Socket; rest: Buffer }> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port, lookup });
      // Tracked while connecting too, so close() ends it.
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve({ socket, rest: Buffer.alloc(0) });
      });
      socket.once('error', reject);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    server: `http://127.0.0.1:${port}`,
    refused(host) {
      const at = refusals.get(host.toLowerCase().replace(/^\[|\]$/g, ''));
      return at !== undefined && Date.now() - at < REMEMBER_REFUSALS_MS;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function splitHostPort(authority: string): [string, number] {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(authority);
  if (!match) return ['', 0];
  return [match[1]!, Number(match[2] ?? 443)];
}
