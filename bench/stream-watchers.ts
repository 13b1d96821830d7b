// `pnpm bench hostile`'s status-stream clients, in a process of their own: opens `count` WebSocket
// status streams of one job at once (as SDK 4.x `watcher()` does), reads each to `done`, and prints
// the documents each delivered as a JSON array. Args: API URL, status path, API key, count.
import { WebSocket } from 'ws';

/** Opens a status stream and reads it to `done`; resolves with the documents it delivered. */
export function watch(url: string, path: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${path}`, key);
    let documents = 0;
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'catchup') documents += message.data.data.length;
      if (message.type === 'document') documents++;
      if (message.type === 'done') {
        ws.close();
        resolve(documents);
      }
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`stream refused: ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

const [url, path, key, count] = process.argv.slice(2);
if (!url || !path || !key || !count) throw new Error('usage: stream-watchers.ts <api url> <status path> <api key> <count>');
const counts = await Promise.all(Array.from({ length: Number(count) }, () => watch(url, path, key)));
console.log(JSON.stringify(counts));
