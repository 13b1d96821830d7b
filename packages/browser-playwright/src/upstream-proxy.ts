import { connect, type Socket } from 'node:net';
import type { ProxyServer } from './context-plan.js';

/** Where an `http://` upstream proxy listens, and the Proxy-Authorization its credentials make. */
export interface UpstreamProxy {
  host: string;
  port: number;
  authorization?: string;
  /** Hosts that skip the upstream (its `bypass` list), lower case. */
  bypass: string[];
}

/** The guard can chain only to an HTTP proxy; undefined for other schemes (socks5). */
export function httpUpstream(proxy: ProxyServer): UpstreamProxy | undefined {
  const url = new URL(proxy.server);
  if (url.protocol !== 'http:') return undefined;
  const upstream: UpstreamProxy = {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || 80),
    bypass: (proxy.bypass ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  };
  if (proxy.username !== undefined) {
    upstream.authorization = `Basic ${Buffer.from(`${proxy.username}:${proxy.password ?? ''}`).toString('base64')}`;
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
 * A tunnel to `host:port` opened with CONNECT through the upstream proxy. Resolves with the
 * socket and any bytes the upstream sent after its 200; rejects with the upstream's status line.
 */
export function tunnelThrough(upstream: UpstreamProxy, host: string, port: number): Promise<{ socket: Socket; rest: Buffer }> {
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
