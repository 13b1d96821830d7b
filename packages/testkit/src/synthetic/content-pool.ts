import { mixSeed, mulberry32, pick, randomInt } from './random.js';
import { WORDS } from './words.js';

/**
 * Pre-rendered HTML blocks for one seed. Pages are assembled from these, so generating a page
 * costs an array join rather than thousands of random draws (benchmarks serve 20,000 pages).
 */
export interface ContentPool {
  paragraphs: string[];
  lists: string[];
  tables: string[];
  codeBlocks: string[];
  /** Long plain text that fills the last few bytes of a page to hit its exact size. */
  fillerText: string;
}

const POOL_SALT = 0x5eed;
const pools = new Map<number, ContentPool>();

function sentence(random: () => number): string {
  const words = Array.from({ length: randomInt(random, 7, 17) }, () => pick(random, WORDS));
  const first = words[0] as string;
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return `${words.join(' ')}.`;
}

function paragraph(random: () => number): string {
  const sentences = Array.from({ length: randomInt(random, 3, 8) }, () => sentence(random));
  // Sprinkle inline markup the way real articles do.
  const i = randomInt(random, 0, sentences.length - 1);
  sentences[i] = sentences[i]!.replace(/^(\S+ \S+)/, random() < 0.5 ? '<strong>$1</strong>' : '<em>$1</em>');
  return `<p>${sentences.join(' ')}</p>\n`;
}

function list(random: () => number): string {
  const tag = random() < 0.5 ? 'ul' : 'ol';
  const items = Array.from({ length: randomInt(random, 3, 7) }, () => `  <li>${sentence(random)}</li>`);
  return `<${tag}>\n${items.join('\n')}\n</${tag}>\n`;
}

function table(random: () => number): string {
  const columns = randomInt(random, 3, 4);
  const header = Array.from({ length: columns }, () => `<th>${pick(random, WORDS)}</th>`).join('');
  const rows = Array.from({ length: randomInt(random, 3, 8) }, () => {
    const cells = Array.from({ length: columns }, (_, c) =>
      c === 0 ? `<td>${pick(random, WORDS)}</td>` : `<td>${randomInt(random, 1, 9999)}</td>`,
    );
    return `    <tr>${cells.join('')}</tr>`;
  });
  return `<table>\n  <thead><tr>${header}</tr></thead>\n  <tbody>\n${rows.join('\n')}\n  </tbody>\n</table>\n`;
}

function codeBlock(random: () => number): string {
  const name = `${pick(random, WORDS)}${pick(random, WORDS).replace(/^./, (c) => c.toUpperCase())}`;
  const lines = Array.from(
    { length: randomInt(random, 3, 8) },
    () => `  const ${pick(random, WORDS)} = ${pick(random, WORDS)}.${pick(random, WORDS)}(${randomInt(random, 0, 99)});`,
  );
  return `<pre><code class="language-js">function ${name}(input) {\n${lines.join('\n')}\n  return input;\n}</code></pre>\n`;
}

export function contentPool(seed: number): ContentPool {
  let pool = pools.get(seed);
  if (!pool) {
    const random = mulberry32(mixSeed(seed, POOL_SALT));
    pool = {
      paragraphs: Array.from({ length: 160 }, () => paragraph(random)),
      lists: Array.from({ length: 24 }, () => list(random)),
      tables: Array.from({ length: 12 }, () => table(random)),
      codeBlocks: Array.from({ length: 12 }, () => codeBlock(random)),
      fillerText: Array.from({ length: 40 }, () => sentence(random)).join(' '),
    };
    pools.set(seed, pool);
  }
  return pool;
}
