// Runs in an empty npm project where only the packed tarballs (and express) are installed, with
// plain node: what a user of the published packages gets. No tsx, no workspace, no sources.
import http from 'node:http';
import express from 'express';
import { scrape, parse, closeDispatchers } from '@trawl/core';
import { createConsole } from '@trawl/console';
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

// Documents load their readers (pdf.js, the Office readers) by dynamic import, in a conversion thread.
function onePagePdf(text) {
  const stream = `BT /F1 18 Tf 36 96 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
for (const convertPool of [undefined, false]) {
  const pdf = await parse(onePagePdf('Packed PDF text'), { fileName: 'packed.pdf', ...(convertPool === false ? { convertPool } : {}) });
  const csv = await parse(Buffer.from('a,b\n1,2\n'), { fileName: 'packed.csv', ...(convertPool === false ? { convertPool } : {}) });
  const where = convertPool === false ? 'in this thread' : 'in a conversion thread';
  if (!pdf.markdown?.includes('Packed PDF text') || pdf.metadata.numPages !== 1)
    fail(`parse() of a PDF ${where} gave ${JSON.stringify(pdf)}`);
  else if (!csv.markdown?.includes('| 1 | 2 |')) fail(`parse() of a CSV ${where} gave ${JSON.stringify(csv.markdown)}`);
  else console.log(`parse() of documents ${where}: ok`);
}

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

// The console from its tarball: its page to a browser, its hashed script, and JSON `GET /` kept.
const withConsole = createTrawlApi({ sweepIntervalMs: 0, console: createConsole() });
const consoleServer = http.createServer(withConsole);
await new Promise((resolve) => consoleServer.listen(0, '127.0.0.1', resolve));
const consoleBase = `http://127.0.0.1:${consoleServer.address().port}`;
const consolePage = await fetch(`${consoleBase}/`, { headers: { accept: 'text/html' } });
const script = (await consolePage.text()).match(/src="(\/console\/app-[A-Z0-9]+\.js)"/)?.[1];
const scriptReply = script ? await fetch(`${consoleBase}${script}`) : undefined;
const json = await (await fetch(`${consoleBase}/`, { headers: { accept: 'application/json' } })).json();
if (
  !consolePage.headers.get('content-security-policy')?.includes("script-src 'self'") ||
  scriptReply?.status !== 200 ||
  json.name !== 'Trawl'
)
  fail(`the console answered ${consolePage.status}, its script ${scriptReply?.status}, GET / as JSON ${JSON.stringify(json)}`);
else console.log('console: ok');

consoleServer.close();
await withConsole.close();
server.close();
site.close();
await api.close();
await closeDispatchers();
