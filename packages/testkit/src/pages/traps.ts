/**
 * The crawl-trap section `/traps/`: a small site with a blog (12 listing pages, 60 posts: what a
 * map and a crawl must find whole) beside three traps a crawler must not walk forever: an
 * events calendar whose every month links to the next and the one before, a shop whose every
 * page links to its other sort orders under a new session id, and a relative link that nests
 * the docs path one level deeper each page.
 */
import { escapeHtml, linkList, simplePage } from './layout.js';

const ADJECTIVES = ['quiet', 'windy', 'early', 'misty', 'salt', 'north', 'long', 'old', 'green', 'stone', 'slow', 'high'];
const NOUNS = ['harbour', 'ferry', 'lighthouse', 'dune', 'pier'];

/** The blog's posts, newest first: word slugs, as a real blog's are. */
export const TRAP_SITE_POSTS: readonly string[] = ADJECTIVES.flatMap((adjective) => NOUNS.map((noun) => `${adjective}-${noun}`));
export const TRAP_SITE_POSTS_PER_PAGE = 5;
export const TRAP_SITE_BLOG_PAGES = TRAP_SITE_POSTS.length / TRAP_SITE_POSTS_PER_PAGE;
/** The calendar month the site links to from every page (the calendar goes on in both directions). */
export const TRAP_SITE_CURRENT_MONTH = '2026-11';

const NAV = [
  { href: '/traps/', text: 'Home' },
  { href: '/traps/blog/', text: 'Blog' },
  { href: '/traps/about', text: 'About' },
  { href: `/traps/calendar?month=${TRAP_SITE_CURRENT_MONTH}`, text: 'Events' },
  { href: '/traps/shop?sort=name&order=asc', text: 'Shop' },
  { href: '/traps/docs/', text: 'Docs' },
];

function trapPage(title: string, main: string): string {
  const footer = '<footer><p>Harbour Walks is a small club of coastal walkers. Every walk is free and open to all.</p></footer>';
  return simplePage(title, `<nav>${linkList(NAV)}</nav>\n<main>\n<h1>${escapeHtml(title)}</h1>\n${main}\n</main>\n${footer}`);
}

export function trapHomeHtml(): string {
  return trapPage('Harbour Walks', '<p>Coastal walks every weekend: read the blog, see the events and visit the shop.</p>');
}

export function trapAboutHtml(): string {
  return trapPage('About Harbour Walks', '<p>The club was founded by three ferry pilots who liked walking more than sailing.</p>');
}

/** A blog listing page (1-based): its posts, and links to the pages before and after it. */
export function trapBlogPageHtml(page: number): string {
  const posts = TRAP_SITE_POSTS.slice((page - 1) * TRAP_SITE_POSTS_PER_PAGE, page * TRAP_SITE_POSTS_PER_PAGE);
  const pager = [
    ...(page > 1 ? [{ href: page === 2 ? '/traps/blog/' : `/traps/blog/?page=${page - 1}`, text: 'Newer posts' }] : []),
    ...(page < TRAP_SITE_BLOG_PAGES ? [{ href: `/traps/blog/?page=${page + 1}`, text: 'Older posts' }] : []),
  ];
  const list = linkList(posts.map((slug) => ({ href: `/traps/blog/${slug}`, text: titleOf(slug) })));
  return trapPage(`Blog, page ${page}`, `${list}\n<nav class="pager">${linkList(pager)}</nav>`);
}

/** A post: its own text, and the calendar widget every page of a blog like this carries. */
export function trapPostHtml(slug: string): string {
  const [adjective, noun] = slug.split('-');
  const text = `<p>We set out on a ${adjective} morning towards the ${noun}. The walk took most of the day and ended with tea by the ${noun}.</p>`;
  const widget = `<aside><a href="/traps/calendar?month=${TRAP_SITE_CURRENT_MONTH}">This month's events</a></aside>`;
  return trapPage(titleOf(slug), `${text}\n${widget}\n<p><a href="/traps/blog/">All posts</a></p>`);
}

/** An events month with nothing on: every month links to the one before and the one after, forever. */
export function trapCalendarHtml(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const shift = (by: number) => {
    const at = new Date(Date.UTC(year, number - 1 + by, 1));
    return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  };
  const name = new Date(Date.UTC(year, number - 1, 1)).toLocaleString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const days = Array.from({ length: 28 }, (_, day) => `<td>${day + 1}</td>`).join('');
  const pager = linkList([
    { href: `/traps/calendar?month=${shift(-1)}`, text: 'Previous month' },
    { href: `/traps/calendar?month=${shift(1)}`, text: 'Next month' },
  ]);
  return trapPage(`Events in ${name}`, `<p>No walks are planned this month.</p>\n<table><tr>${days}</tr></table>\n${pager}`);
}

const PRODUCTS = ['map-case', 'flask', 'rain-jacket', 'walking-pole', 'tide-table', 'compass', 'woollen-hat', 'day-pack'];
const SORTS = ['name', 'price', 'rating'];
const ORDERS = ['asc', 'desc'];

/**
 * The shop's list in one sort order. Every link to another order carries a session id made from
 * this page's URL, so each page's links are new URLs though they list the same products.
 */
export function trapShopHtml(sort: string, order: string, pageUrl: string): string {
  const products = [...PRODUCTS].sort();
  if (order === 'desc') products.reverse();
  const orders = SORTS.flatMap((s) =>
    ORDERS.map((o) => ({ href: `/traps/shop?sort=${s}&order=${o}&sid=${sessionId(`${pageUrl}|${s}|${o}`)}`, text: `${s} ${o}` })),
  );
  const list = linkList(products.map((slug) => ({ href: `/traps/shop/${slug}`, text: titleOf(slug) })));
  return trapPage('Shop', `<p>Sorted by ${escapeHtml(sort)}.</p>\n${list}\n<nav class="sort">${linkList(orders)}</nav>`);
}

export const TRAP_SITE_PRODUCTS: readonly string[] = PRODUCTS;

export function trapProductHtml(slug: string): string {
  return trapPage(
    titleOf(slug),
    `<p>The ${slug.replace('-', ' ')} every walker of the club carries.</p><p><a href="/traps/shop?sort=name&order=asc">Back to the shop</a></p>`,
  );
}

/** The docs, whose "guide" link is relative to a directory: each page's resolves one level deeper. */
export function trapDocsHtml(depth: number): string {
  return trapPage(`Docs (level ${depth})`, '<p>How to join a walk.</p><p><a href="docs/">The guide</a></p>');
}

function titleOf(slug: string): string {
  const words = slug.split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 16 hex characters from the text (FNV-1a twice): the same for the same page, new for another. */
function sessionId(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193);
    b = Math.imul(b ^ text.charCodeAt(i), 0x811c9dc5);
  }
  return `${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}`;
}
