import { smallPng } from '../assets/png.js';
import { phrases } from '../phrases.js';

/** Facts about /articles/boilerplate that metadata, image and link tests assert on. */
export const boilerplateArticle = {
  path: '/articles/boilerplate',
  title: phrases.articleTitle,
  description:
    'Harbour pilots steer thousands of ships a year through a channel that moves with every storm. A night aboard the pilot boat.',
  language: 'en',
  author: 'Maren Oakes',
  publishedTime: '2024-03-14T08:00:00Z',
  siteName: 'The Harbour Gazette',
  canonicalPath: '/articles/boilerplate',
  ogImagePath: '/img/photo-1600.jpg',
  /** The largest candidate of the srcset image. */
  largestImagePath: '/img/photo-1600.jpg',
  /** `src` of the srcset image (its smallest sensible default). */
  srcsetImageSrc: '/img/photo-800.jpg',
  relativeImageSrc: '../img/harbour-800.jpg',
  base64ImageAlt: 'Tide chart icon',
  /** An <a> in the article body whose exact href appears twice. */
  duplicatedLinkHref: '/crawl/a',
  /** Relative href in the body; resolves to /articles/minimal. */
  relativeLinkHref: 'minimal',
  fragmentLinkHref: '#section-tides',
  mailtoHref: 'mailto:newsroom@example.com',
  javascriptHref: 'javascript:void(0)',
} as const;

const base64Png = `data:image/png;base64,${smallPng.toString('base64')}`;

/** A news article wrapped in everything real pages put around content. `origin` is the client's view of the site. */
export function boilerplateArticleHtml(origin: string): string {
  const host = origin.replace(/^https?:/, '');
  const a = boilerplateArticle;
  const pageUrl = `${origin}${a.path}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${a.title} | ${a.siteName}</title>
<meta name="description" content="${a.description}">
<meta name="keywords" content="harbour, pilots, shipping, tides">
<meta name="author" content="${a.author}">
<meta name="robots" content="index, follow">
<meta property="og:type" content="article">
<meta property="og:title" content="${a.title}">
<meta property="og:description" content="${a.description}">
<meta property="og:url" content="${pageUrl}">
<meta property="og:image" content="${origin}${a.ogImagePath}">
<meta property="og:site_name" content="${a.siteName}">
<meta property="og:locale" content="en_GB">
<meta property="article:published_time" content="${a.publishedTime}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:site" content="@harbourgazette">
<meta name="twitter:title" content="${a.title}">
<meta name="twitter:description" content="${a.description}">
<meta name="twitter:image" content="${origin}${a.ogImagePath}">
<link rel="canonical" href="${origin}${a.canonicalPath}">
<link rel="icon" href="/favicon.ico">
<link rel="alternate" type="application/rss+xml" title="Harbour Gazette feed" href="/feed.xml">
<style>
  body { font-family: Georgia, serif; margin: 0; }
  .layout { display: flex; gap: 2rem; max-width: 1100px; margin: 0 auto; }
  .cookie-banner { position: fixed; bottom: 0; left: 0; right: 0; background: #222; color: #fff; padding: 1rem; }
  a[href="#main"] { position: absolute; left: -999px; }
</style>
<script>window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: 'pageview', section: 'ports' });</script>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"${a.title}","datePublished":"${a.publishedTime}","author":{"@type":"Person","name":"${a.author}"}}</script>
</head>
<body>
<a href="#main">${phrases.skipLink}</a>
<div class="cookie-banner" id="cookie-consent">
  <p>${phrases.cookie} to measure readership and show you relevant offers. See our <a href="/privacy">privacy policy</a>.</p>
  <button type="button" class="accept" onclick="document.getElementById('cookie-consent').remove()">Accept</button>
  <button type="button" class="reject">Reject all</button>
</div>
<header class="site-header">
  <a href="/" class="logo"><img src="/img/logo.png" alt="${a.siteName} logo" width="120" height="40"></a>
  <nav class="main-nav" aria-label="Main">
    <ul>
      <li><a href="/">Home</a></li>
      <li><a href="/crawl/">Sections</a></li>
      <li><a href="/blog/1">Blog</a></li>
      <li><a href="/about">About us</a></li>
      <li><a href="/subscribe" class="cta">${phrases.nav}</a></li>
    </ul>
  </nav>
</header>
<div class="ad ad-slot">
  <span class="ad-label">${phrases.ad}</span>
  <iframe src="/ads/banner" width="728" height="90" title="Advertisement" scrolling="no"></iframe>
</div>
<div class="layout">
<main id="main">
<article class="story">
  <h1>${a.title}</h1>
  <p class="byline">By <span class="author">${a.author}</span> · <time datetime="${a.publishedTime}">14 March 2024</time></p>
  <p>${phrases.articleLead} of Port Averly guide more than four thousand ships a year through a channel that shifts with every storm. Most passengers never notice them: a small orange boat draws alongside, a figure climbs a rope ladder in the dark, and an hour later a vessel the length of three football pitches is tied up at the quay.</p>
  <p>The work is <strong>old, exacting and oddly invisible</strong>. Every ship above a certain size must take a pilot on board before it crosses the outer bar, and the pilot, not the captain, gives the helm orders until the mooring lines are fast. It is a rule written after a century of groundings, and nobody in the port wants to test it.</p>
  <figure>
    <img src="${a.relativeImageSrc}" alt="The pilot boat leaving the harbour at dawn" width="800" height="450">
    <figcaption>The pilot boat <em>Averly Star</em> heads out before sunrise.</figcaption>
  </figure>
  <h2 id="section-channel">${phrases.articleHeading}</h2>
  <p>Sandbanks at the mouth of the estuary migrate by tens of metres in a single winter. Survey launches sound the channel every fortnight, and the pilots carry the latest soundings on a tablet, but they still talk about the water the way farmers talk about weather: by feel, by memory, by the colour of the surface at slack tide. See the <a href="${a.fragmentLinkHref}">section on tides</a> below, or the <a href="${a.relativeLinkHref}">short version of this story</a>.</p>
  <blockquote>
    <p>${phrases.articleQuote}. Slowly, and never completely.</p>
    <footer>— Ines Calder, senior pilot</footer>
  </blockquote>
  <h3>What a boarding looks like</h3>
  <ol>
    <li>The ship slows to about eight knots and makes a lee on its sheltered side.</li>
    <li>The pilot boat matches speed and closes to within a metre of the hull.</li>
    <li>The pilot steps onto the ladder at the top of a swell, never at the bottom.</li>
    <li>Once on the bridge, the pilot agrees a passage plan with the master.</li>
  </ol>
  <p>Radio traffic runs on <code>VHF channel 12</code>, and the harbour office logs every call. Pilots also check the <a href="${a.duplicatedLinkHref}">section index</a> of local notices before each job.</p>
  <h3>What the pilots carry</h3>
  <ul>
    <li>A lifejacket with a personal locator beacon</li>
    <li>A portable pilot unit, which shows:
      <ul>
        <li>the ship's position to within a few centimetres</li>
        <li>its rate of turn and predicted track</li>
      </ul>
    </li>
    <li>A thermos of coffee, by universal agreement</li>
  </ul>
  <figure>
    <img src="${a.srcsetImageSrc}" srcset="/img/photo-400.jpg 400w, /img/photo-800.jpg 800w, ${a.largestImagePath} 1600w" sizes="(max-width: 800px) 100vw, 800px" alt="A container ship passing the breakwater" width="800" height="533">
    <figcaption>A container ship passes the breakwater with two tugs in attendance.</figcaption>
  </figure>
  <h2 id="section-tides">Tides, drafts and the numbers that matter</h2>
  <p>The deciding number is under-keel clearance: the water left between the hull and the channel floor. Port rules ask for at least a metre and a half. The table below shows typical vessels on an ordinary spring tide.</p>
  <table class="vessels">
    <thead>
      <tr><th>Vessel type</th><th>Typical draft (m)</th><th>Pilots required</th></tr>
    </thead>
    <tbody>
      <tr><td>${phrases.articleTableCell}</td><td>14.5</td><td>2</td></tr>
      <tr><td>Bulk carrier</td><td>12.0</td><td>1</td></tr>
      <tr><td>Ferry</td><td>6.2</td><td>1</td></tr>
    </tbody>
  </table>
  <p>The harbour office publishes its arithmetic. A simplified version of the berthing check looks like this:</p>
  <pre><code class="language-js">${phrases.articleCodeJs}(ship, tide) {
  const clearance = tide.height - ship.draft;
  return clearance &gt; 1.5 ? 'proceed' : 'wait';
}</code></pre>
  <p>Planners compute tide windows for the week ahead with a small script:</p>
  <pre><code class="language-python">${phrases.articleCodePython}(heights, draft, margin=1.5):
    """Hours when a ship of this draft can cross the bar."""
    return [hour for hour, h in enumerate(heights) if h - draft &gt; margin]</code></pre>
  <img src="${base64Png}" alt="${a.base64ImageAlt}" width="16" height="16">
  <p>More background is on the <a href="${origin}/articles/base-href">port documentation page</a>, in the <a href="${host}/charset/utf8">multilingual glossary</a> and in the <a href="${a.duplicatedLinkHref}">section index</a>. Questions for the newsroom go to <a href="${a.mailtoHref}">newsroom@example.com</a>; readers can also <a href="${a.javascriptHref}" class="print">print this page</a>.</p>
  <p><em>${phrases.articleClosing}.</em> By nine o'clock the night shift is over, the coffee is gone, and the next ship is already on the radar.</p>
</article>
<div class="share social" aria-label="Share">
  <span>${phrases.share}:</span>
  <a href="https://twitter.com/intent/tweet?url=${encodeURIComponent(pageUrl)}" class="share-twitter">Twitter</a>
  <a href="https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}" class="share-facebook">Facebook</a>
  <a href="https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(pageUrl)}" class="share-linkedin">LinkedIn</a>
</div>
</main>
<aside class="sidebar">
  <h2>${phrases.sidebar}</h2>
  <ul>
    <li><a href="/blog/1">Dredgers work through the night</a></li>
    <li><a href="/blog/2">A lighthouse keeper's last season</a></li>
    <li><a href="/articles/minimal">Ferry timetable changes</a></li>
  </ul>
  <div class="ad ad-slot ad-sidebar" data-ad-unit="sidebar">
    <p>${phrases.ad}: marine insurance from the people who know the sea.</p>
  </div>
  <form class="newsletter" action="/subscribe" method="post">
    <label>Newsletter <input type="email" name="email" placeholder="you@example.com"></label>
    <button type="submit">Sign up</button>
  </form>
</aside>
</div>
<footer class="site-footer">
  <p>© 2024 ${a.siteName}. ${phrases.footer}.</p>
  <ul>
    <li><a href="/about">About</a></li>
    <li><a href="/privacy">Privacy</a></li>
    <li><a href="/terms">Terms</a></li>
    <li><a href="/contact">Contact</a></li>
  </ul>
</footer>
<script>document.querySelector('.print').addEventListener('click', function () { window.print(); });</script>
</body>
</html>
`;
}
