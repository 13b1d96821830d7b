import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisStore } from '../src/index.js';
import { deleteKeys, NO_REDIS_MESSAGE, REDIS_URL, redisAnswers, uniquePrefix } from './redis-server.js';

const available = await redisAnswers();
if (!available) console.warn(NO_REDIS_MESSAGE);

/**
 * A TCP relay to the real Redis that can drop the connection as the next reply arrives (the
 * command ran, its answer is lost) and refuse connections for a while: the network faults a
 * reservation meets when Redis or the link to it goes away mid-answer.
 */
async function faultyRelay() {
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

describe.skipIf(!available)(available ? 'redis store: a reservation whose answer was lost' : NO_REDIS_MESSAGE, () => {
  const prefix = uniquePrefix('reserve-lost');
  afterAll(() => deleteKeys(prefix));

  it('takes the credits once when ioredis sends the reservation again after a reconnect', async () => {
    const relay = await faultyRelay();
    const store = createRedisStore({ url: relay.url, prefix });
    try {
      await store.teams.setCredits('resent', 100);
      await store.teams.release((await store.teams.reserve('resent', 1)).hold!); // loads the script
      relay.cutNextReply();
      const { hold } = await store.teams.reserve('resent', 10);
      expect(hold?.amount).toBe(10);
      expect(await store.teams.getCredits('resent')).toBe(90);
      await store.teams.settle(hold!, 3);
      expect(await store.teams.getCredits('resent')).toBe(97);
    } finally {
      await store.close();
      await relay.close();
    }
  });

  it('gives the hold back once Redis answers again when ioredis gave up on the answer', async () => {
    const relay = await faultyRelay();
    const store = createRedisStore({ url: relay.url, prefix });
    try {
      await store.teams.setCredits('lost', 100);
      await store.teams.release((await store.teams.reserve('lost', 1)).hold!);
      relay.cutNextReply();
      await relay.refuse(true);
      await expect(store.teams.reserve('lost', 10)).rejects.toThrow();
      await relay.refuse(false);
      // The reservation ran before its answer was lost: the credits are taken until the next call gives them back.
      await expect.poll(() => store.teams.getCredits('lost').catch(() => null), { timeout: 15_000 }).not.toBeNull();
      expect(await store.teams.getCredits('lost')).toBe(90);
      await store.teams.renewHolds({ id: 'owner-lost', leaseMs: 60_000 });
      expect(await store.teams.getCredits('lost')).toBe(100);
      // Once: a later call gives nothing more back.
      const next = await store.teams.reserve('lost', 5);
      await store.teams.settle(next.hold!, 5);
      expect(await store.teams.getCredits('lost')).toBe(95);
    } finally {
      await store.close();
      await relay.close();
    }
  });
});
