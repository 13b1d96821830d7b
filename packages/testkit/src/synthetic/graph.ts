import { mixSeed, mulberry32, randomInt } from './random.js';

export interface SyntheticSiteOptions {
  pages: number;
  seed?: number;
  /** Default 30_000. */
  minPageBytes?: number;
  /** Default 150_000. */
  maxPageBytes?: number;
  /** Content links per page (tree children plus random extras); default 10. */
  linksPerPage?: number;
}

export interface ResolvedSyntheticOptions {
  pages: number;
  seed: number;
  minPageBytes: number;
  maxPageBytes: number;
  linksPerPage: number;
}

export const DEFAULT_SEED = 1;
const PATH_SALT = 1;
const LINK_SALT = 2;
const SECTIONS = 10;
const TOPICS = 5;

export function resolveSyntheticOptions(options: SyntheticSiteOptions): ResolvedSyntheticOptions {
  const resolved = {
    pages: options.pages,
    seed: options.seed ?? DEFAULT_SEED,
    minPageBytes: options.minPageBytes ?? 30_000,
    maxPageBytes: options.maxPageBytes ?? 150_000,
    linksPerPage: options.linksPerPage ?? 10,
  };
  if (!Number.isInteger(resolved.pages) || resolved.pages < 1) throw new RangeError('pages must be a positive integer');
  if (!Number.isInteger(resolved.linksPerPage) || resolved.linksPerPage < 1)
    throw new RangeError('linksPerPage must be a positive integer');
  if (resolved.minPageBytes < 0 || resolved.maxPageBytes < resolved.minPageBytes) {
    throw new RangeError('need 0 <= minPageBytes <= maxPageBytes');
  }
  return resolved;
}

/** Children per page in the spanning tree that makes every page reachable from "/". */
export function treeBranching(linksPerPage: number): number {
  return Math.max(2, Math.ceil(linksPerPage / 2));
}

export function treeParent(index: number, linksPerPage: number): number {
  return Math.floor((index - 1) / treeBranching(linksPerPage));
}

/** Page 0 is "/"; others sit at /p/i, /section-s/p/i or /section-s/topic-t/p/i, so paths vary in depth. */
export function syntheticPagePath(index: number, seed = DEFAULT_SEED): string {
  if (index === 0) return '/';
  const random = mulberry32(mixSeed(seed, index * 4 + PATH_SALT));
  const depth = randomInt(random, 0, 2);
  const section = randomInt(random, 0, SECTIONS - 1);
  const topic = randomInt(random, 0, TOPICS - 1);
  if (depth === 0) return `/p/${index}`;
  if (depth === 1) return `/section-${section}/p/${index}`;
  return `/section-${section}/topic-${topic}/p/${index}`;
}

export function syntheticPagePaths(options: SyntheticSiteOptions): string[] {
  const { pages, seed } = resolveSyntheticOptions(options);
  return Array.from({ length: pages }, (_, index) => syntheticPagePath(index, seed));
}

/** Indexes of the pages a page links to in its content: tree children first, then random extras. */
export function syntheticLinkTargets(index: number, options: ResolvedSyntheticOptions): number[] {
  const branching = treeBranching(options.linksPerPage);
  const targets: number[] = [];
  for (let child = index * branching + 1; child <= index * branching + branching && child < options.pages; child++) {
    targets.push(child);
  }
  const random = mulberry32(mixSeed(options.seed, index * 4 + LINK_SALT));
  while (targets.length < options.linksPerPage) targets.push(randomInt(random, 0, options.pages - 1));
  return targets;
}
