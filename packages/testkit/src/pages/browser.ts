import { phrases } from '../phrases.js';
import { simplePage } from './layout.js';

/** Delay before /js-rendered inserts its article: long enough that a plain HTTP fetch never sees it. */
export const JS_RENDER_DELAY_MS = 300;
export const INFINITE_SCROLL_BATCH = 10;
export const INFINITE_SCROLL_MAX_ITEMS = 100;

export function jsRenderedHtml(): string {
  // Split in the source so the phrase exists only once the script has run, not in the raw HTML.
  const [firstWord, ...rest] = phrases.jsRendered.split(' ');
  return simplePage(
    'JavaScript-rendered page',
    `<div id="app"></div>
<noscript>${phrases.noscript}</noscript>
<script>
setTimeout(function () {
  document.getElementById('app').innerHTML =
    '<article><h1>Rendered on the client</h1><p>' + ['${firstWord}', '${rest.join(' ')}'].join(' ') + ', ${JS_RENDER_DELAY_MS} ms after load.</p>' +
    '<p>A plain HTTP fetch sees only an empty app container.</p></article>';
}, ${JS_RENDER_DELAY_MS});
</script>`,
  );
}

export function formHtml(): string {
  return simplePage(
    'Search form',
    `<h1>Search</h1>
<form id="search-form">
  <input id="q" name="q" type="text" placeholder="Search the harbour" autocomplete="off">
  <button id="search" type="submit">Search</button>
</form>
<p id="result"></p>
<script>
// Submitting the form covers both the button click and Enter in the input.
document.getElementById('search-form').addEventListener('submit', function (event) {
  event.preventDefault();
  document.getElementById('result').textContent = '${phrases.formResultPrefix}' + document.getElementById('q').value;
});
</script>`,
  );
}

export function infiniteScrollHtml(): string {
  return simplePage(
    'Infinite scroll',
    `<h1>Infinite scroll</h1>
<ul id="items" style="list-style:none;margin:0;padding:0"></ul>
<p id="status">Loading…</p>
<script>
(function () {
var list = document.getElementById('items');
var statusLine = document.getElementById('status');
var count = 0;
function addBatch() {
  var end = Math.min(count + ${INFINITE_SCROLL_BATCH}, ${INFINITE_SCROLL_MAX_ITEMS});
  for (; count < end; count++) {
    var item = document.createElement('li');
    item.className = 'item';
    item.style.height = '150px';
    item.textContent = 'Item ' + (count + 1);
    list.appendChild(item);
  }
  statusLine.textContent = count >= ${INFINITE_SCROLL_MAX_ITEMS} ? 'No more items' : 'Scroll for more';
}
addBatch();
window.addEventListener('scroll', function () {
  if (window.innerHeight + window.scrollY >= document.body.scrollHeight - 300 && count < ${INFINITE_SCROLL_MAX_ITEMS}) addBatch();
});
})();
</script>`,
  );
}

export function adBannerHtml(): string {
  return simplePage(
    'Advertisement',
    `<div class="ad-creative" style="background:#ffd54a;height:90px">
  <strong>${phrases.adIframe}!</strong> <a href="/subscribe" target="_top">Find out more</a>
</div>`,
  );
}

export function tallHtml(): string {
  return simplePage(
    'Tall page',
    `<div style="position:relative;height:5000px;background:linear-gradient(#1f6f8b,#e8c872)">
  <p id="top" style="margin:0;padding:16px">${phrases.tallTop}</p>
  <p id="bottom" style="position:absolute;bottom:0;margin:0;padding:16px">${phrases.tallBottom}</p>
</div>`,
    '<style>body{margin:0}</style>\n',
  );
}
