import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, it } from 'vitest';
import { testStore } from '@trawl/core/testing';
import { createPostgresStore } from '../src/index.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

if (!(await postgresAnswers())) {
  const message = `No PostgreSQL answered at ${DATABASE_URL} (set DATABASE_URL): the example store's tests are skipped.`;
  console.warn(message);
  describe.skip(message, () => it('needs PostgreSQL', () => {}));
} else {
  // A schema of its own per run, dropped at the end, so runs never see each other's rows.
  const schema = `trawl_test_${randomUUID().replaceAll('-', '')}`;
  afterAll(async () => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });
  testStore(({ now }) => createPostgresStore({ connectionString: DATABASE_URL, schema, now }), {
    name: 'postgres example store',
    usesClock: true,
    sharedStorage: true,
  });
}
