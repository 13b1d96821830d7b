import { MAX_LINKS_PER_PAGE } from '../../limits.js';
import { hasPostSlug, pageTypeFromUrl } from '../page-type/url-kind.js';
import type { PageShape } from './links-stream.js';

/**
 * One crawl's learned link templates: for the `links` format with main content, which places of
 * a site template's pages hold links the main content keeps. Deciding the main region costs a
 * tree and two readings (~50 ms a page); pages of one template keep the links of the same places,
 * so once that is learned from pages the full decision read, the other pages of the template are
 * read with the tokenizer alone (links-stream.ts gives each anchor's place).
 *
 * Safe by verification: a template gives links only after its prediction reproduced the full
 * decision's links exactly on VERIFICATIONS pages in a row; after that it still sends a sample of
 * its pages to the full decision (one in FIRST_SAMPLE_EVERY, one in twice as many after each
 * sample that agreed, down to one in MAX_SAMPLE_EVERY), and one difference drops the template for
 * the crawl. A
 * page with a place the template has not learned, or one learned both kept and dropped, or
 * less text than any page the template was verified on (withinVerifiedText), takes the full
 * decision (and teaches the template). Memory is bounded: MAX_TEMPLATES templates and
 * MAX_PLACES places in all.
 */
export class LinkTemplates {
  readonly #templates = new Map<string, LinkTemplate>();
  #places = 0;

  /** What the template of a page says: its links when trusted, and how to settle a full decision. */
  read(url: string, shape: PageShape): TemplateReading {
    const template = this.#template(url, shape);
    if (!template || template.abandoned) return { settle: () => {} };
    const predicted = predictedLinks(template, shape);
    if (predicted && template.verified >= VERIFICATIONS && withinVerifiedText(template, shape)) {
      if (++template.served < template.sampleEvery) return { links: predicted, settle: () => {} };
      template.served = 0;
    }
    return { settle: (decided) => this.#settle(template, shape, predicted, decided) };
  }

  #template(url: string, shape: PageShape): LinkTemplate | undefined {
    if (shape.skeleton.length > MAX_SKELETON) return undefined;
    // The URL's kind is part of the key: the full decision reads a product, a thread or an
    // article differently, whatever their layout.
    const key = `${pageTypeFromUrl(url) ?? ''} ${hasPostSlug(url)}\n${shape.skeleton}`;
    let template = this.#templates.get(key);
    if (!template && this.#templates.size < MAX_TEMPLATES) {
      template = {
        places: new Map(),
        verified: 0,
        misses: 0,
        served: 0,
        sampleEvery: FIRST_SAMPLE_EVERY,
        abandoned: false,
        fewestChars: Number.POSITIVE_INFINITY,
        mostChars: 0,
      };
      this.#templates.set(key, template);
    }
    return template;
  }

  /** After a full decision: check the prediction made without it, then learn from it. */
  #settle(template: LinkTemplate, shape: PageShape, predicted: string[] | undefined, decided: FullDecision): void {
    const fits = decided.plain && predicted !== undefined && sameLinks(predicted, decided.links);
    if (predicted !== undefined) {
      if (fits) {
        template.fewestChars = Math.min(template.fewestChars, shape.textChars);
        template.mostChars = Math.max(template.mostChars, shape.textChars);
        // A sample that agreed: the template has earned a sparser check.
        if (template.verified >= VERIFICATIONS) template.sampleEvery = Math.min(template.sampleEvery * 2, MAX_SAMPLE_EVERY);
        template.verified++;
      } else if (template.verified >= VERIFICATIONS && !withinVerifiedText(template, shape)) {
        // A page unlike those it was verified on, read its own way: neither a miss nor a lesson.
        return;
      } else {
        // A trusted template that missed once may miss on pages no sample checks: it is dropped.
        if (template.verified >= VERIFICATIONS || ++template.misses >= MAX_MISSES) template.abandoned = true;
        template.verified = 0;
      }
    }
    // A page with a warning (a shell, a page too large for main content) or a block page is
    // no template's page: nothing is learned from it.
    if (decided.plain && !template.abandoned) this.#learn(template, shape, decided.links);
  }

  /**
   * Marks each anchor's place kept (its URL is among the decision's links, and every anchor with
   * that URL stands in one place) or dropped (its URL is not); a place seen both ways is mixed.
   */
  #learn(template: LinkTemplate, shape: PageShape, links: string[]): void {
    const kept = new Set(links);
    // The place of each kept URL, or AMBIGUOUS when the page has it in two places.
    const placeOfUrl = new Map<string, number>();
    shape.urls.forEach((url, index) => {
      if (url === undefined || !kept.has(url)) return;
      const path = shape.paths[index]!;
      const known = placeOfUrl.get(url);
      placeOfUrl.set(url, known === undefined || known === path ? path : AMBIGUOUS);
    });
    shape.urls.forEach((url, index) => {
      if (url === undefined) return;
      const path = shape.paths[index]!;
      let place: Place;
      if (!kept.has(url)) place = Place.Dropped;
      else if (placeOfUrl.get(url) === path) place = Place.Kept;
      else return;
      const known = template.places.get(path);
      if (known === undefined) {
        if (this.#places >= MAX_PLACES) return;
        this.#places++;
        template.places.set(path, place);
      } else if (known !== place) template.places.set(path, Place.Mixed);
    });
  }
}

/** A full decision, as the template learns from it. */
export interface FullDecision {
  links: string[];
  /** No warning and no block page: an ordinary page of its template. */
  plain: boolean;
}

export interface TemplateReading {
  /** The page's links, read from its learned template: the full decision is not needed. */
  links?: string[];
  /** Called with the full decision when `links` is absent. */
  settle: (decided: FullDecision) => void;
}

/** Exact predictions in a row before a template is trusted. */
export const VERIFICATIONS = 3;
/** A trusted template at first sends one page in this many to the full decision, to check it. */
export const FIRST_SAMPLE_EVERY = 16;
/** The sparsest sample: one page in this many, however many samples agreed. */
export const MAX_SAMPLE_EVERY = 128;
/** How far past the longest verified page a page's text may go. */
const MOST_TEXT_FACTOR = 2;
/** Misses before trust after which a template stops learning (its pages are not read alike). */
const MAX_MISSES = 8;
/** A crawl's memory bound: past these, new templates and places are not learned (their pages take the full decision). */
const MAX_TEMPLATES = 64;
const MAX_PLACES = 50_000;
/** A skeleton longer than this (a page of many top-level blocks) names no template. */
const MAX_SKELETON = 4_000;

/** What the main content does with the links of one place. */
enum Place {
  Kept = 1,
  Dropped = 2,
  /** Kept on some pages, dropped on others: its pages take the full decision. */
  Mixed = 3,
}
/** The place of a URL the page has in two places (placeOfUrl). */
const AMBIGUOUS = -1;

interface LinkTemplate {
  /** Path hash (links-stream.ts) → whether the main content keeps the links there. */
  places: Map<number, Place>;
  /** Exact predictions since the last miss. */
  verified: number;
  misses: number;
  /** Pages it could read since its last sample; the `sampleEvery`-th is the next sample. */
  served: number;
  sampleEvery: number;
  abandoned: boolean;
  /** The least and most text of the pages its predictions were verified on. */
  fewestChars: number;
  mostChars: number;
}

/**
 * Whether a page's text is in the range the template was verified on: no shorter than the
 * shortest (the full decision reads a short page by its region, not by Readability's pick), no
 * more than MOST_TEXT_FACTOR times the longest. A page outside it takes the full decision; one
 * that agrees widens the range.
 */
function withinVerifiedText(template: LinkTemplate, shape: PageShape): boolean {
  return shape.textChars >= template.fewestChars && shape.textChars <= template.mostChars * MOST_TEXT_FACTOR;
}

/** The links of the kept places, deduplicated in page order; undefined when a place is unknown or mixed. */
function predictedLinks(template: LinkTemplate, shape: PageShape): string[] | undefined {
  const links = new Set<string>();
  for (let index = 0; index < shape.urls.length; index++) {
    const url = shape.urls[index];
    if (url === undefined) continue;
    const place = template.places.get(shape.paths[index]!);
    if (place === Place.Kept) links.add(url);
    else if (place !== Place.Dropped) return undefined;
  }
  // A page past the cap is capped by the full decision's own reading.
  return links.size > MAX_LINKS_PER_PAGE ? undefined : [...links];
}

function sameLinks(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((link, index) => link === b[index]);
}
