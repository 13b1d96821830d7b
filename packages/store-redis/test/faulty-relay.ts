import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { REDIS_URL } from './redis-server.js';

/**
 * A TCP relay to the real Redis that can drop the connection as the next reply arrives (the
 * command ran, its answer is lost) and refuse connections for a while: the network faults a
 * reservation meets when Redis or the link to it goes away mid-answer.
 */
export async function faultyRelay() {
  const target = new URL(REDIS_URL);
  let cutNextReply = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.on('data', (reply) => {
      if (!cutNextReply) return void client.write(reply);
      cutNextReply = false;
      client.destroy();
      upstream.destroy();
    });
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    cutNextReply: () => {
      cutNextReply = true;
    },
    /** Stops listening (connections are refused, as by a host whose Redis is down), or listens again on the same port. */
    refuse: async (on: boolean) => {
      if (on) server.close();
      else {
        server.listen(port, '127.0.0.1');
        await once(server, 'listening');
      }
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
