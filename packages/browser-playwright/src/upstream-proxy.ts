import { connect, type Socket } from 'node:net';
import { SocksClient } from 'socks';
import type { ProxyServer } from './context-plan.js';

/** An upstream proxy the guard can chain to: where it listens, its credentials and its bypass list. */
export interface UpstreamProxy {
  /** `http`: CONNECT tunnels and absolute-form requests; `socks5`: SOCKS5 CONNECT for both. */
  protocol: 'http' | 'socks5';
  host: string;
  port: number;
  /** http: the Proxy-Authorization its credentials make. */
  authorization?: string;
  /** socks5: its username and password (RFC 1929). */
  username?: string;
  password?: string;
  /** Hosts that skip the upstream (its `bypass` list), lower case. */
  bypass: string[];
}

const DEFAULT_PORTS = { http: 80, socks5: 1080 } as const;

/** The upstream the guard can chain to: an `http://` or `socks5://` proxy; undefined for other schemes (socks4, https). */
export function chainableUpstream(proxy: ProxyServer): UpstreamProxy | undefined {
  const url = new URL(proxy.server);
  const protocol = url.protocol === 'http:' ? 'http' : url.protocol === 'socks5:' ? 'socks5' : undefined;
  if (!protocol) return undefined;
  const upstream: UpstreamProxy = {
    protocol,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || DEFAULT_PORTS[protocol]),
    bypass: (proxy.bypass ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  };
  if (proxy.username !== undefined) {
    if (protocol === 'http')
      upstream.authorization = `Basic ${Buffer.from(`${proxy.username}:${proxy.password ?? ''}`).toString('base64')}`;
    else Object.assign(upstream, { username: proxy.username, password: proxy.password ?? '' });
  }
  return upstream;
}

/** Chromium's bypass entries, in their common forms: `host`, `.suffix` and `*.suffix`. */
export function bypassesUpstream(upstream: UpstreamProxy, host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return upstream.bypass.some((entry) => {
    const suffix = entry.startsWith('*.') ? entry.slice(1) : entry.startsWith('.') ? entry : undefined;
    return suffix ? name.endsWith(suffix) || name === suffix.slice(1) : name === entry;
  });
}

const MAX_RESPONSE_HEAD = 16 * 1024;

/**
 * A tunnel to `host:port` through the upstream proxy: HTTP CONNECT or SOCKS5 CONNECT, the host
 * passed by name (the upstream resolves it). Resolves with the socket and any bytes the upstream
 * sent after accepting; rejects with the upstream's refusal.
 */
export async function tunnelThrough(upstream: UpstreamProxy, host: string, port: number): Promise<{ socket: Socket; rest: Buffer }> {
  if (upstream.protocol === 'http') return httpConnect(upstream, host, port);
  const { socket } = await SocksClient.createConnection({
    proxy: {
      host: upstream.host,
      port: upstream.port,
      type: 5,
      ...(upstream.username !== undefined ? { userId: upstream.username, password: upstream.password ?? '' } : {}),
    },
    command: 'connect',
    destination: { host, port },
  });
  return { socket, rest: Buffer.alloc(0) };
}

function httpConnect(upstream: UpstreamProxy, host: string, port: number): Promise<{ socket: Socket; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: upstream.host, port: upstream.port });
    let received = Buffer.alloc(0);
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.once('error', fail);
    socket.once('connect', () => {
      const authority = host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
      const auth = upstream.authorization ? `Proxy-Authorization: ${upstream.authorization}\r\n` : '';
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth}\r\n`);
    });
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) {
        if (received.length > MAX_RESPONSE_HEAD) fail(new Error('The upstream proxy sent an oversized CONNECT response'));
        return;
      }
      socket.off('data', onData);
      socket.off('error', fail);
      const status = received.subarray(0, received.indexOf('\r\n')).toString('latin1');
      if (!/^HTTP\/1\.[01] 2\d\d/.test(status)) return fail(new Error(`The upstream proxy answered CONNECT with "${status}"`));
      resolve({ socket, rest: received.subarray(end + 4) });
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error('The upstream proxy closed the connection before answering CONNECT')));
  });
}
