import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { documentFixtures } from '@trawl/testkit';
import { describe, expect, it } from 'vitest';
import { startApi } from './helpers/api-server.js';
import { canaryWaits } from './helpers/canary.js';

/**
 * Uploads (`POST /v2/parse`) under load: each is read as it arrives into a temporary file cut at
 * the server's limit, a team's wait their turn, and conversion runs in the pool, so ten 49 MB
 * uploads at once leave another team's requests answering (they stalled the loop 20 s and took
 * 4.4 GB when the body was read whole and `formData()` ran on it).
 */
const execFileAsync = promisify(execFile);

/** Posts `count` uploads of `mb` MB at once from a process of its own, as clients do; prints their statuses. */
function uploadFrom(url: string, count: number, mb: number, name: string) {
  const script = `const bytes = new Uint8Array(${mb} * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    const send = async () => {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), '${name}');
      const response = await fetch(process.argv[1], { method: 'POST', headers: { authorization: 'Bearer key-uploads' }, body: form });
      return { status: response.status, body: await response.json() };
    };
    console.log(JSON.stringify(await Promise.all(Array.from({ length: ${count} }, send))));`;
  return execFileAsync(process.execPath, ['--input-type=module', '-e', script, url], { maxBuffer: 1024 * 1024, timeout: 170_000 }).then(
    ({ stdout }) => JSON.parse(stdout) as Array<{ status: number; body: { error?: string; code?: string } }>,
  );
}

async function uploadDirs(): Promise<number> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith('trawl-upload-')).length;
}

describe('uploads under load', () => {
  it('ten 49 MB uploads at once: another team answers within a second, each upload is read whole and answered, no file is left', async () => {
    const api = await startApi({ auth: { 'key-uploads': 'uploader', 'key-canary': 'canary' } });
    try {
      const dirsBefore = await uploadDirs();
      // A file Trawl cannot read: the upload path is the test, not the conversion.
      const uploads = uploadFrom(`${api.url}/v2/parse`, 10, 49, 'blob.bin');
      const waits = await canaryWaits(api, 'key-canary', uploads);
      const answers = await uploads;
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 415));
      expect(answers[0]!.body.code).toBe('SCRAPE_UNSUPPORTED_CONTENT');
      expect(waits.length).toBeGreaterThan(3);
      expect(Math.max(...waits)).toBeLessThan(1_000);
      expect(await uploadDirs()).toBe(dirsBefore);
    } finally {
      await api.close();
    }
  }, 180_000);

  it('a file over the limit is a 413 as soon as the limit is passed; one within it is converted', async () => {
    const api = await startApi({ auth: { 'key-uploads': 'uploader' }, parseMaxBytes: 1024 * 1024 });
    try {
      const [answer] = await uploadFrom(`${api.url}/v2/parse`, 1, 3, 'big.pdf');
      expect(answer!.status).toBe(413);
      expect(answer!.body.error).toBe('big.pdf is larger than 1 MB, the largest file this server parses');
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(documentFixtures.csv.bytes())], { type: 'text/csv' }), 'report.csv');
      const ok = await fetch(`${api.url}/v2/parse`, { method: 'POST', headers: { authorization: 'Bearer key-uploads' }, body: form });
      expect(ok.status).toBe(200);
    } finally {
      await api.close();
    }
  });
});
