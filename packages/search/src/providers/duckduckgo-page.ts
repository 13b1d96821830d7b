import { parseHtml, type SearchHit } from '@trawl/core/ports';

export interface DuckDuckGoPage {
  hits: SearchHit[];
  /** The fields of the page's "Next" form, when it has one. */
  next?: Record<string, string>;
  /** DuckDuckGo answered with its bot check instead of results. */
  blocked: boolean;
}

/**
 * Reads DuckDuckGo's no-JavaScript result page: organic results are `.web-result` blocks under
 * `#links` (ads carry `result--ad` and are skipped), titled by `h2 a` whose href is either the
 * target or a `/l/?uddg=<target>` redirect, with the snippet in `.result__snippet`.
 */
export function parseDuckDuckGoPage(html: string, pageUrl: string): DuckDuckGoPage {
  const document = parseHtml(html);
  const blocked = Boolean(document.querySelector('#challenge-form, .anomaly-modal__modal, form[action*="anomaly"]'));
  const hits: SearchHit[] = [];
  for (const block of Array.from(document.querySelectorAll('#links .result'))) {
    if (block.classList.contains('result--ad')) continue;
    const anchor = block.querySelector('h2 a, a.result__a');
    const target = anchor && resultTarget(anchor.getAttribute('href') ?? '', pageUrl);
    if (!target) continue;
    if (hits.some((hit) => hit.url === target)) continue;
    hits.push({ url: target, title: text(anchor), description: text(block.querySelector('.result__snippet')) });
  }
  return { hits, blocked, ...nextForm(document) };
}

/** The result's real URL: DuckDuckGo's redirect links carry it in `uddg`; ad redirects are dropped. */
function resultTarget(href: string, pageUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href, pageUrl);
  } catch {
    return undefined;
  }
  if (url.hostname.endsWith('duckduckgo.com') || url.pathname === '/l/') {
    const target = url.searchParams.get('uddg');
    if (!target) return undefined;
    url = new URL(target);
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}

function nextForm(document: globalThis.Document): { next?: Record<string, string> } {
  for (const form of Array.from(document.querySelectorAll('form'))) {
    const submit = form.querySelector('input[type="submit"], button[type="submit"], button');
    const label = submit?.getAttribute('value') ?? submit?.textContent ?? '';
    if (!/next/i.test(label)) continue;
    const fields: Record<string, string> = {};
    for (const input of Array.from(form.querySelectorAll('input[name]'))) {
      if (input.getAttribute('type') === 'submit') continue;
      fields[input.getAttribute('name') as string] = input.getAttribute('value') ?? '';
    }
    return { next: fields };
  }
  return {};
}

function text(element: Element | null): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}
