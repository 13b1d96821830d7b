import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

export interface EvalPage {
  id: string;
  url: string;
  html: string;
}

/** The shared/ folder beside the repository (TRAWL_EVAL_DIR overrides the eval folder). */
export function evalDir(): string {
  if (process.env.TRAWL_EVAL_DIR) return resolve(process.env.TRAWL_EVAL_DIR);
  const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
  const dir = join(repoRoot, '..', 'shared', 'eval');
  if (!existsSync(dir)) throw new Error(`No eval data at ${dir}: set TRAWL_EVAL_DIR to the folder holding aeb/ and score.mjs`);
  return dir;
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
