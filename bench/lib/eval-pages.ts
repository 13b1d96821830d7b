import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

export interface EvalPage {
  id: string;
  url: string;
  html: string;
}

/**
 * The eval data: TRAWL_EVAL_DIR, else the nearest `shared/eval` beside the repository or beside one
 * of its parent folders (a clone next to `shared/`, or a worktree one level further down).
 */
export function evalDir(): string {
  if (process.env.TRAWL_EVAL_DIR) return resolve(process.env.TRAWL_EVAL_DIR);
  const found = findEvalDir();
  if (!found)
    throw new Error(
      'No eval data: no shared/eval beside the repository or its parent folders; set TRAWL_EVAL_DIR to the folder holding aeb/ and score.mjs',
    );
  return found;
}

/** The nearest `shared/eval` holding score.mjs, looking up from the repository's root; undefined when none. */
export function findEvalDir(): string | undefined {
  let dir = fileURLToPath(new URL('../..', import.meta.url));
  for (;;) {
    const candidate = join(dir, '..', 'shared', 'eval');
    if (existsSync(join(candidate, 'score.mjs'))) return resolve(candidate);
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The 181 pages of the article-extraction benchmark, decompressed. */
export function loadEvalPages(): EvalPage[] {
  const dir = join(evalDir(), 'aeb');
  const gold = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { url: string }>;
  return readdirSync(join(dir, 'html'))
    .filter((f) => f.endsWith('.html.gz'))
    .sort()
    .map((f) => {
      const id = f.replace(/\.html\.gz$/, '');
      return {
        id,
        url: gold[id]?.url ?? `https://example.com/${id}`,
        html: gunzipSync(readFileSync(join(dir, 'html', f))).toString('utf8'),
      };
    });
}

/** A WCXB page: its id, URL, page type (the benchmark's label) and HTML. */
export interface WcxbPage extends EvalPage {
  type: string;
}

/**
 * The 1,497 pages of the WCXB development split (seven page types). Each page's HTML is read and
 * decompressed when asked for, not up front: the whole split is about 600 MB of strings, which
 * would swamp the memory a benchmark measures.
 */
export function loadWcxbPages(): WcxbPage[] {
  const dir = join(evalDir(), 'wcxb-dev');
  return readdirSync(join(dir, 'html'))
    .filter((f) => f.endsWith('.html.gz'))
    .sort()
    .map((f) => {
      const id = f.replace(/\.html\.gz$/, '');
      const truth = JSON.parse(readFileSync(join(dir, 'ground-truth', `${id}.json`), 'utf8')) as {
        url?: string;
        _internal?: { page_type?: string | { primary?: string } };
      };
      const label = truth._internal?.page_type;
      const type = (typeof label === 'object' ? label?.primary : label) ?? 'article';
      // A few pages were captured without their URL; any absolute URL serves to resolve links.
      const url = truth.url || `https://example.com/${id}`;
      return {
        id,
        url,
        type: type === 'category' ? 'collection' : type,
        get html() {
          return gunzipSync(readFileSync(join(dir, 'html', f))).toString('utf8');
        },
      };
    });
}

/** A page of trafilatura's evaluation set: `id` is its file name as `evaldata.json` gives it. */
export interface TrafilaturaPage extends EvalPage {}

/**
 * The 990 pages of trafilatura's own evaluation set (shared/eval/trafilatura). Each page's bytes
 * are decoded as its README says: a BOM, else the charset its `<meta>` declares anywhere before
 * `<body>`, else UTF-8. Keys that are labels, not URLs, take the page's canonical link. Read lazily
 * like the WCXB pages.
 */
export function loadTrafilaturaPages(): TrafilaturaPage[] {
  const dir = join(evalDir(), 'trafilatura');
  const data = JSON.parse(readFileSync(join(dir, 'evaldata.json'), 'utf8')) as Record<string, { file: string }>;
  return Object.entries(data)
    .map(([key, item]) => {
      const bytes = () => gunzipSync(readFileSync(join(dir, 'html', `${item.file}.gz`)));
      let html: string | undefined;
      const read = () => (html ??= decodePageBytes(bytes()));
      return {
        id: item.file,
        get url() {
          if (/^https?:\/\//i.test(key)) return key;
          const canonical = canonicalLink(read());
          return canonical && /^https?:\/\/[^/]/i.test(canonical) ? canonical : `https://example.com/${item.file}`;
        },
        get html() {
          return read();
        },
      };
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Bytes to text: BOM, else a `<meta>` charset before `<body>`, else UTF-8 (the eval README's rule). */
function decodePageBytes(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  const head = bytes.toString('latin1');
  const bodyAt = head.search(/<body[\s>]/i);
  const before = bodyAt === -1 ? head : head.slice(0, bodyAt);
  const declared = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(before)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    try {
      return new TextDecoder(declared.toLowerCase()).decode(bytes);
    } catch {
      // An unknown label: UTF-8 below, as a browser falls back.
    }
  }
  return bytes.toString('utf8');
}

function canonicalLink(html: string): string | undefined {
  const tag = /<link[^>]+rel\s*=\s*["']?canonical["']?[^>]*>/i.exec(html)?.[0];
  const href = tag ? /href\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1] : undefined;
  // Attribute values may spell characters as references (`https&#x3A;&#x2F;&#x2F;…`).
  return href
    ?.replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&');
}
