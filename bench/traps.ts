// `pnpm bench traps`: the crawl-trap guard (core/src/crawl/traps) over the link graphs of the
// three dev sets (AEB, WCXB dev, trafilatura). Every page is a real page of a real site and its
// links lead to real pages, so every link the guard holds back is a false positive (goal 0).
// Each page is offered its own links as a crawl offers them (found on that page, each counted as
// new when let through), and the pages of one host are noted on one guard, as a crawl of that
// host would note them, so near-identical pages of one pattern count across a site's pages.
import { pathToFileURL } from 'node:url';
import { streamPageLinks } from '../packages/core/src/content/assembly/links-stream.js';
import { TrapGuard, type TrapNotice } from '../packages/core/src/crawl/traps/trap-guard.js';
import { urlShape } from '../packages/core/src/crawl/traps/url-shape.js';
import { loadEvalPages, loadTrafilaturaPages, loadWcxbPages, type EvalPage } from './lib/eval-pages.js';
import { fmt, printTable } from './lib/stats.js';

interface SetFigures {
  set: string;
  pages: number;
  hosts: number;
  links: number;
  /** Links held back, and the pages holding at least one. */
  heldBack: number;
  pagesHit: number;
  notices: TrapNotice[];
  /** The most links one page has of its own URL pattern (what a pattern budget is spent on). */
  mostOwnPatternLinks: number;
  /** CPU spent in the guard alone (sketching, shapes, budgets), the links already read. */
  guardCpuMs: number;
}

function measureSet(set: string, pages: readonly EvalPage[]): SetFigures {
  const figures: SetFigures = {
    set,
    pages: pages.length,
    hosts: 0,
    links: 0,
    heldBack: 0,
    pagesHit: 0,
    notices: [],
    mostOwnPatternLinks: 0,
    guardCpuMs: 0,
  };
  const guards = new Map<string, TrapGuard>();
  for (const page of pages) {
    let host: string;
    try {
      host = new URL(page.url).host;
    } catch {
      continue;
    }
    let guard = guards.get(host);
    if (!guard) {
      guard = new TrapGuard(undefined, (notice) => figures.notices.push(notice));
      guards.set(host, guard);
    }
    const links = streamPageLinks(page.html, page.url, { blockAds: false }).pageLinks;
    const own = urlShape(page.url);
    figures.mostOwnPatternLinks = Math.max(figures.mostOwnPatternLinks, links.filter((link) => urlShape(link) === own).length);
    const cpu = process.cpuUsage();
    guard.notePage({ url: page.url, links });
    let held = 0;
    for (const link of links) {
      if (guard.refusal(link, page.url)) held++;
      else guard.added([link], page.url);
    }
    const used = process.cpuUsage(cpu);
    figures.guardCpuMs += (used.user + used.system) / 1000;
    figures.links += links.length;
    figures.heldBack += held;
    if (held) figures.pagesHit++;
  }
  figures.hosts = guards.size;
  return figures;
}

export function runTrapsBenchmark(): SetFigures[] {
  const sets = [
    measureSet('AEB', loadEvalPages()),
    measureSet('WCXB dev', loadWcxbPages()),
    measureSet('trafilatura', loadTrafilaturaPages()),
  ];
  printTable(
    ['set', 'pages', 'hosts', 'links', 'held back', 'pages hit', 'most own-pattern links', 'guard CPU ms/page'],
    sets.map((s) => [
      s.set,
      String(s.pages),
      String(s.hosts),
      String(s.links),
      String(s.heldBack),
      String(s.pagesHit),
      String(s.mostOwnPatternLinks),
      fmt(s.guardCpuMs / s.pages, 2),
    ]),
  );
  for (const s of sets) for (const notice of s.notices) console.log(`${s.set}: ${notice.reason} ${notice.example}`);
  return sets;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runTrapsBenchmark();
