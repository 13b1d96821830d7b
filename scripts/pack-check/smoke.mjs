// Runs in an empty npm project where only the packed tarballs (and express) are installed, with
// plain node: what a user of the published packages gets. No tsx, no workspace, no sources.
import http from 'node:http';
import express from 'express';
import { scrape, closeDispatchers } from '@trawl/core';
import { createTrawlApi } from '@trawl/http';

const page =
  '<!doctype html><html><head><title>Packed</title></head><body><main><h1>Packed page</h1><p>The tarballs work with plain node.</p></main></body></html>';
const site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page));
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const pageUrl = `http://127.0.0.1:${site.address().port}/`;

const fail = (message) => {
  console.error(`pack check failed: ${message}`);
  process.exitCode = 1;
};

const doc = await scrape(pageUrl);
if (!doc.markdown?.includes('The tarballs work with plain node.')) fail(`scrape() gave ${JSON.stringify(doc.markdown)}`);
else console.log('scrape(): ok');

const app = express();
const api = createTrawlApi({ allowPrivateNetwork: true, sweepIntervalMs: 0 });
app.use('/firecrawl', api);
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${server.address().port}/firecrawl`;
const reply = await fetch(`${base}/v1/scrape`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ url: pageUrl }),
});
const body = await reply.json();
if (reply.status !== 200 || !body.data?.markdown?.includes('Packed page'))
  fail(`the mounted API answered ${reply.status} ${JSON.stringify(body)}`);
else console.log('Express-mounted API: ok');

server.close();
site.close();
await api.close();
await closeDispatchers();
