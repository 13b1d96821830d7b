import { execFileSync } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
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

/**
 * Pages that try to leave for `refused` (a host the SSRF policy refuses) on the site's port:
 * `/js` navigates there by script; `/sockets` opens a WebSocket there and one to `allowed`.
 */
export function startEscapingPages(sitePort: number, hosts: { refused: string; allowed: string }): Promise<CountingServer> {
  return startServer((req, res) => {
    const pages: Record<string, string> = {
      '/js': `<script>location.href = ${JSON.stringify(`http://${hosts.refused}:${sitePort}/articles/minimal`)};</script>`,
      // WebSockets go through the proxy with CONNECT, like HTTPS.
      '/sockets': `<h1>Harbour news</h1><p>${'Tides and boats. '.repeat(20)}</p><script>
        new WebSocket('ws://${hosts.refused}:${sitePort}/refused');
        new WebSocket('ws://${hosts.allowed}:${sitePort}/allowed');
      </script>`,
    };
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body>${pages[req.url ?? ''] ?? ''}</body></html>`);
  });
}

/** Listens on 127.0.0.1 at a free port; `close` also ends the sockets in `sockets`. */
async function listenOnLoopback(server: NetServer, sockets: Set<Socket>): Promise<{ port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return { port, close };
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
  const { port, close } = await listenOnLoopback(server, sockets);
  return { server: `http://127.0.0.1:${port}`, targets, authorizations, close };
}

export interface RecordingSocksProxy {
  /** `socks5://127.0.0.1:PORT`. */
  server: string;
  /** Every `host:port` a client asked it to CONNECT to. */
  targets: string[];
  /** The username of each connection that authenticated (RFC 1929). */
  users: string[];
  close(): Promise<void>;
}

/**
 * A real SOCKS5 proxy on 127.0.0.1 (RFC 1928 CONNECT, with no authentication or with
 * username/password as RFC 1929 has it) that records what it is asked for.
 */
export async function startSocksProxy(credentials: { username: string; password: string }): Promise<RecordingSocksProxy> {
  const targets: string[] = [];
  const users: string[] = [];
  const sockets = new Set<Socket>();
  const server = createNetServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    void socksSession(client, credentials, targets, users, sockets).catch(() => client.destroy());
  });
  const { port, close } = await listenOnLoopback(server, sockets);
  return { server: `socks5://127.0.0.1:${port}`, targets, users, close };
}

/** `read(n)` resolves with the socket's next n bytes; `rest()` hands over what came after them. */
function reader(socket: Socket): { read(length: number): Promise<Buffer>; rest(): Buffer } {
  let buffered = Buffer.alloc(0);
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    waiting?.();
  });
  const read = async (length: number) => {
    while (buffered.length < length) {
      if (socket.destroyed) throw new Error('closed');
      await new Promise<void>((resolve) => {
        waiting = resolve;
        socket.once('close', resolve);
      });
    }
    const taken = buffered.subarray(0, length);
    buffered = buffered.subarray(length);
    return taken;
  };
  return { read, rest: () => buffered };
}

async function socksSession(
  client: Socket,
  credentials: { username: string; password: string },
  targets: string[],
  users: string[],
  sockets: Set<Socket>,
): Promise<void> {
  const { read, rest } = reader(client);
  const [version, methodCount] = await read(2);
  if (version !== 5) throw new Error('not SOCKS5');
  const methods = [...(await read(methodCount!))];
  if (methods.includes(2)) {
    client.write(Buffer.from([5, 2]));
    const [, userLength] = await read(2);
    const user = (await read(userLength!)).toString();
    const [passwordLength] = await read(1);
    const password = (await read(passwordLength!)).toString();
    const ok = user === credentials.username && password === credentials.password;
    client.write(Buffer.from([1, ok ? 0 : 1]));
    if (!ok) return void client.end();
    users.push(user);
  } else if (methods.includes(0)) {
    client.write(Buffer.from([5, 0]));
  } else {
    return void client.end(Buffer.from([5, 0xff]));
  }
  const [, command, , addressType] = await read(4);
  let host: string;
  if (addressType === 1) host = [...(await read(4))].join('.');
  else if (addressType === 3) host = (await read((await read(1))[0]!)).toString();
  else host = `[${((await read(16)).toString('hex').match(/.{4}/g) ?? []).join(':')}]`;
  const port = (await read(2)).readUInt16BE(0);
  targets.push(`${host}:${port}`);
  const reply = (status: number) => Buffer.from([5, status, 0, 1, 0, 0, 0, 0, 0, 0]);
  if (command !== 1) return void client.end(reply(7));
  const outgoing = connect({ host: host.replace(/^\[|\]$/g, ''), port });
  sockets.add(outgoing);
  outgoing.on('close', () => sockets.delete(outgoing));
  outgoing.once('error', () => client.end(reply(5)));
  outgoing.once('connect', () => {
    client.removeAllListeners('data');
    if (rest().length) outgoing.write(rest());
    client.write(reply(0));
    outgoing.pipe(client);
    client.pipe(outgoing);
  });
}
