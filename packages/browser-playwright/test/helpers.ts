import { execFileSync } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { inflateSync } from 'node:zlib';

export { pngSize } from '@trawl/testkit';

/** Checks the image data really inflates (a truncated PNG throws). */
export function pngDecodes(data: Uint8Array): boolean {
  const bytes = Buffer.from(data);
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    if (type === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return inflateSync(Buffer.concat(idat)).length > 0;
}

export function dataUrlBytes(url: string): Uint8Array {
  const match = /^data:image\/png;base64,(.+)$/.exec(url);
  if (!match) throw new Error(`not a PNG data URL: ${url.slice(0, 40)}`);
  return Buffer.from(match[1]!, 'base64');
}

/** Chromium processes that are children of this test process. */
export function chromiumChildren(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), 'chromium'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export interface CountingServer {
  url: string;
  port: number;
  hits: string[];
  close(): Promise<void>;
}

/** A small HTTP server on 127.0.0.1 that records every path it is asked for. */
export async function startServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<CountingServer> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RecordingProxy {
  /** `http://127.0.0.1:PORT`. */
  server: string;
  /** Every target it was asked for: absolute URLs of plain requests, `host:port` of CONNECTs. */
  targets: string[];
  /** The Proxy-Authorization header of each request (empty when none came). */
  authorizations: string[];
  close(): Promise<void>;
}

/** A real forward proxy on 127.0.0.1 (plain requests and CONNECT) that records what it forwards. */
export async function startRecordingProxy(): Promise<RecordingProxy> {
  const targets: string[] = [];
  const authorizations: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    targets.push(req.url ?? '');
    authorizations.push(req.headers['proxy-authorization'] ?? '');
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const outgoing = httpRequest(
      { host: target.hostname, port: target.port || 80, path: `${target.pathname}${target.search}`, method: req.method, headers },
      (response) => {
        res.writeHead(response.statusCode ?? 502, response.rawHeaders);
        response.pipe(res);
      },
    );
    outgoing.on('error', () => res.writeHead(502).end());
    req.pipe(outgoing);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    targets.push(req.url ?? '');
    authorizations.push(req.headers['proxy-authorization'] ?? '');
    const [host, port] = (req.url ?? '').split(/:(?=\d+$)/);
    const outgoing = connect({ host: host!.replace(/^\[|\]$/g, ''), port: Number(port) }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) outgoing.write(head);
      outgoing.pipe(client);
      client.pipe(outgoing);
    });
    sockets.add(outgoing);
    outgoing.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
    client.on('error', () => outgoing.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    targets,
    authorizations,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
