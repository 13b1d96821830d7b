import { contentPool, type ContentPool } from './content-pool.js';
import {
  resolveSyntheticOptions,
  syntheticLinkTargets,
  syntheticPagePath,
  treeParent,
  type ResolvedSyntheticOptions,
  type SyntheticSiteOptions,
} from './graph.js';
import { mixSeed, mulberry32, pick, randomInt } from './random.js';
import { WORDS } from './words.js';

const CONTENT_SALT = 3;
const TITLE_SALT = 4;
const BLOCKS_PER_SECTION = 4;

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function pageTitle(index: number, seed: number): string {
  const random = mulberry32(mixSeed(seed, index * 4 + TITLE_SALT));
  const words = Array.from({ length: randomInt(random, 2, 4) }, () => pick(random, WORDS));
  return `${capitalise(words.join(' '))} - page ${index}`;
}

interface Link {
  href: string;
  text: string;
}

/** Every href on a synthetic page, in page order: the logo (home), Up (the tree parent, not on "/"), then content links. */
export function syntheticPageLinks(index: number, options: SyntheticSiteOptions): string[] {
  const resolved = resolveSyntheticOptions(options);
  assertIndex(index, resolved);
  const { up, content } = pageLinks(index, resolved);
  return ['/', ...(up ? [up.href] : []), ...content.map((link) => link.href)];
}

function pageLinks(index: number, options: ResolvedSyntheticOptions): { up?: Link; content: Link[] } {
  const content = syntheticLinkTargets(index, options).map((target) => ({
    href: syntheticPagePath(target, options.seed),
    text: pageTitle(target, options.seed),
  }));
  if (index === 0) return { content };
  return { up: { href: syntheticPagePath(treeParent(index, options.linksPerPage), options.seed), text: 'Up' }, content };
}

function assertIndex(index: number, options: ResolvedSyntheticOptions): void {
  if (!Number.isInteger(index) || index < 0 || index >= options.pages) {
    throw new RangeError(`page index ${index} is outside 0..${options.pages - 1}`);
  }
}

function nextBlock(random: () => number, pool: ContentPool): string {
  const roll = random();
  if (roll < 0.7) return pick(random, pool.paragraphs);
  if (roll < 0.82) return pick(random, pool.lists);
  if (roll < 0.9) return pick(random, pool.tables);
  return pick(random, pool.codeBlocks);
}

/** `<p>` of exactly `bytes` bytes (or bare newlines when too small for a paragraph). */
function filler(bytes: number, pool: ContentPool): string {
  const wrapper = '<p></p>\n'.length;
  if (bytes < wrapper + 1) return '\n'.repeat(Math.max(0, bytes));
  const room = bytes - wrapper;
  const text = pool.fillerText.repeat(Math.ceil(room / pool.fillerText.length)).slice(0, room);
  return `<p>${text}</p>\n`;
}

/**
 * HTML of synthetic page `index`: deterministic for the options, ASCII only, and exactly as many
 * bytes as its size draw (uniform in min..max) unless the fixed parts alone are larger.
 */
export function syntheticPageHtml(index: number, options: SyntheticSiteOptions): string {
  const resolved = resolveSyntheticOptions(options);
  assertIndex(index, resolved);
  const { seed, pages } = resolved;
  const pool = contentPool(seed);
  const random = mulberry32(mixSeed(seed, index * 4 + CONTENT_SALT));
  const targetBytes = randomInt(random, resolved.minPageBytes, resolved.maxPageBytes);
  const path = syntheticPagePath(index, seed);
  const title = pageTitle(index, seed);
  const { up, content } = pageLinks(index, resolved);
  const upLink = up ? `<a href="${up.href}">${up.text}</a>` : '';
  const relatedItems = content.map((link) => `  <li><a href="${link.href}">${link.text}</a></li>`);

  const head = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="Synthetic page ${index} of ${pages}, generated from seed ${seed}.">
<link rel="canonical" href="${path}">
</head>
<body>
<header><a class="logo" href="/">Synthetic site</a>
<nav>${upLink}</nav>
</header>
<main>
<article>
<h1>${title}</h1>
<p class="lead">This is synthetic page ${index}, one of ${pages} pages generated from seed ${seed}.</p>
<nav class="related">
<ul>
${relatedItems.join('\n')}
</ul>
</nav>
`;
  const tail = `</article>
</main>
<footer><p>Synthetic site, seed ${seed}. Page ${index} of ${pages}.</p></footer>
</body>
</html>
`;

  const parts = [head];
  let length = head.length + tail.length;
  for (let blocks = 0; ; blocks++) {
    const block =
      blocks % BLOCKS_PER_SECTION === 0 ? `<h2>${capitalise(pick(random, WORDS))} ${pick(random, WORDS)}</h2>\n` : nextBlock(random, pool);
    if (length + block.length > targetBytes) break;
    parts.push(block);
    length += block.length;
  }
  parts.push(filler(targetBytes - length, pool), tail);
  return parts.join('');
}
