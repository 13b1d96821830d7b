import {
  escapeHtml,
  hitsFor,
  sendHtml,
  startStandInServer,
  type StandIn,
  type StandInHit,
  type StandInOptions,
} from './stand-in-server.js';

const PAGE_SIZE = 10;
const STAND_IN_VQD = '4-123456789012345678901234567890123456';

/**
 * DuckDuckGo's no-JavaScript endpoint: `POST /html/` with form fields (`q`, `kl`, `df`; later
 * pages add `s`, `dc`, `vqd`…). The page has the real markup: an ad block (`result--ad`) first,
 * then `.web-result`s under `#links` whose titles link through `//duckduckgo.com/l/?uddg=…`,
 * snippets in `.result__snippet`, and a "Next" form. `blocked` answers with the bot check.
 */
export async function startDuckDuckGoStandIn(options: StandInOptions & { blocked?: boolean }): Promise<StandIn> {
  const server = await startStandInServer(({ method, url, body }, res) => {
    if (url.pathname !== '/html/' && url.pathname !== '/html') return sendHtml(res, 404, '<html><body>Not found</body></html>');
    const form = method === 'POST' ? new URLSearchParams(body) : url.searchParams;
    const query = form.get('q') ?? '';
    if (options.blocked) return sendHtml(res, 202, challengePage(query));
    const offset = Number(form.get('s') ?? 0) || 0;
    if (offset > 0 && form.get('vqd') !== STAND_IN_VQD) return sendHtml(res, 403, '<html><body>Forbidden</body></html>');
    const all = hitsFor(options, query);
    sendHtml(
      res,
      200,
      resultPage(
        query,
        form.get('kl') ?? 'wt-wt',
        all.slice(offset, offset + PAGE_SIZE),
        offset + PAGE_SIZE < all.length ? offset + PAGE_SIZE : undefined,
      ),
    );
  }, options.delayMs);
  return { ...server, env: { DUCKDUCKGO_HTML_URL: `${server.origin}/html/` } };
}

function resultPage(query: string, region: string, hits: readonly StandInHit[], nextOffset: number | undefined): string {
  const q = escapeHtml(query);
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="content-type" content="text/html; charset=UTF-8" />
<meta name="referrer" content="origin" />
<title>${q} at DuckDuckGo</title>
<link rel="stylesheet" href="/dist/h.css" type="text/css" />
</head>
<body class="body--html">
<div class="site-wrapper-border"></div>
<div id="header" class="header cw header--html">
  <a title="DuckDuckGo" href="/html/" class="header__logo-wrap"></a>
  <form name="x" class="header__form" action="/html/" method="post">
    <div class="search search--header">
      <input name="q" autocomplete="off" class="search__input" id="search_form_input_homepage" type="text" value="${q}" />
      <input name="b" id="search_button_homepage" class="search__button search__button--html" value="" title="Search" alt="Search" type="submit" />
    </div>
    <div class="frm__select"><select class="" name="kl"><option value="${escapeHtml(region)}" selected>Region</option></select></div>
  </form>
</div>
<div>
<div class="serp__results">
<div id="links" class="results">
  <div class="result results_links results_links_deep result--ad result--ad--small">
    <div class="links_main links_deep result__body">
      <h2 class="result__title"><a rel="nofollow" class="result__a" href="https://duckduckgo.com/y.js?ad_domain=ads.example&amp;ad_provider=bingv7aa&amp;u3=stand-in">Sponsored: buy ${q} now</a></h2>
      <a class="result__snippet" href="https://duckduckgo.com/y.js?ad_domain=ads.example">An advert that is not a search result.</a>
    </div>
  </div>
${hits.map(resultBlock).join('\n')}
${hits.length === 0 ? '  <div class="no-results">No results.</div>' : ''}
${nextOffset === undefined ? '' : nextForm(query, region, nextOffset)}
</div>
</div>
</div>
</body>
</html>
`;
}

function resultBlock(hit: StandInHit): string {
  const link = `//duckduckgo.com/l/?uddg=${encodeURIComponent(hit.url)}&amp;rut=${'0'.repeat(64)}`;
  const display = escapeHtml(hit.url.replace(/^https?:\/\//, ''));
  return `  <div class="result results_links results_links_deep web-result ">
    <div class="links_main links_deep result__body">
      <h2 class="result__title">
        <a rel="nofollow" class="result__a" href="${link}">${escapeHtml(hit.title)}</a>
      </h2>
      <div class="result__extras">
        <div class="result__extras__url">
          <a class="result__url" href="${link}">${display}</a>
        </div>
      </div>
      <a class="result__snippet" href="${link}">${escapeHtml(hit.description).replace(/^(\S+)/, '<b>$1</b>')}</a>
      <div class="clear"></div>
    </div>
  </div>`;
}

function nextForm(query: string, region: string, offset: number): string {
  return `  <div class="nav-link">
    <form action="/html/" method="post">
      <input type="submit" class="btn btn--alt" value="Next" />
      <input type="hidden" name="q" value="${escapeHtml(query)}" />
      <input type="hidden" name="s" value="${offset}" />
      <input type="hidden" name="nextParams" value="" />
      <input type="hidden" name="v" value="l" />
      <input type="hidden" name="o" value="json" />
      <input type="hidden" name="dc" value="${offset + 1}" />
      <input type="hidden" name="api" value="d.js" />
      <input type="hidden" name="vqd" value="${STAND_IN_VQD}" />
      <input name="kl" value="${escapeHtml(region)}" type="hidden" />
    </form>
  </div>`;
}

function challengePage(query: string): string {
  return `<!DOCTYPE html><html><head><title>DuckDuckGo</title></head><body>
<div class="anomaly-modal__mask"><div class="anomaly-modal__modal" data-testid="anomaly-modal">
<form id="challenge-form" action="//duckduckgo.com/anomaly.js?sv=html&amp;cc=botnet&amp;q=${encodeURIComponent(query)}" method="POST">
<div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div>
<div class="anomaly-modal__description">Please complete the following challenge to confirm this search was made by a human.</div>
</form></div></div></body></html>`;
}
