import { unclosedAnchorsPage } from '@trawl/testkit';
import { parseHtml, htmlToDocument } from './src/index.js';
const n = Number(process.argv[2] ?? 200000);
const h = unclosedAnchorsPage(n);
let t = performance.now(); const d = parseHtml(h); console.log('parse', n, (performance.now() - t).toFixed(0), 'ms');
t = performance.now(); const doc = await htmlToDocument(h, { url: 'https://hostile.example/limits', formats: ['markdown', 'links'] }); console.log('convert', (performance.now() - t).toFixed(0), 'ms', doc.markdown?.length, doc.warning);
