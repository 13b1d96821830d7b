import { escapeHtml, simplePage } from './layout.js';

/**
 * Small pages of every kind main-content extraction tells apart, each wrapped in the same
 * furniture (header with navigation, sidebar, footer, cookie banner) as a small company site
 * has on every page. Each lists what its main content must keep and what it must drop.
 */
export interface PageTypeFixture {
  path: string;
  /** The page's H1, which the Markdown must start its content with, once. */
  heading: string;
  /** Text that belongs to the page's main content. */
  keeps: readonly string[];
  /** Text outside the main content (besides the shared furniture). */
  drops: readonly string[];
  html: string;
}

/** The furniture every page type fixture shares; none of it is main content. */
export const harbourFurniture = {
  nav: 'Harbour Co. navigation: Fleet, Moorings, Tides',
  sidebar: 'Harbour Co. sidebar: tide tables for subscribers',
  footer: '© 2025 Harbour Co. All rights reserved.',
  cookie: 'Harbour Co. uses cookies to remember your berth',
} as const;

function harbourPage(title: string, main: string, head = ''): string {
  return simplePage(
    title,
    `<div class="cookie-banner" id="cookie-consent"><p>${harbourFurniture.cookie}.</p><button>Accept</button></div>
<header class="site-header"><a href="/" class="logo">Harbour Co.</a>
<nav><ul><li><a href="/fleet">${harbourFurniture.nav}</a></li><li><a href="/moorings">Moorings</a></li></ul></nav></header>
<div class="layout">
<aside class="sidebar"><h3>Subscribers</h3><p>${harbourFurniture.sidebar}.</p><ul><li><a href="/tides">Tides</a></li></ul></aside>
${main}
</div>
<footer class="site-footer"><p>${harbourFurniture.footer}</p><ul><li><a href="/privacy">Privacy</a></li><li><a href="/terms">Terms</a></li></ul></footer>`,
    head,
  );
}

const forumPosts = [
  {
    author: 'MarinerJo',
    date: 'March 3, 2025',
    text: 'Our pilot boat keeps drifting off the leading lights at slack water. Any tips for holding a line?',
  },
  { author: 'OldSalt', date: 'March 3, 2025', text: 'Trim the tabs down two degrees and watch the transit marks rather than the compass.' },
  {
    author: 'TugMaster',
    date: 'March 4, 2025',
    text: 'Slack water lies to you. Start the turn a length early and let the set carry you in.',
  },
  {
    author: 'MarinerJo',
    date: 'March 5, 2025',
    text: 'Starting the turn early worked on the evening tide. Thanks everyone for the advice.',
  },
];

const forumThread: PageTypeFixture = {
  path: '/types/forum/t/holding-a-line-at-slack-water/42',
  heading: 'Holding a line at slack water',
  keeps: forumPosts.flatMap((post) => [post.text, post.author]),
  drops: ['Similar topics: Anchoring in fog', 'Reply', 'Share'],
  html: harbourPage(
    'Holding a line at slack water - Seamanship - Harbour Forum',
    `<main id="main-outlet" role="main">
<h1>Holding a line at slack water</h1>
<div class="topic-list">
${forumPosts
  .map(
    (post, i) => `<div class="topic-body crawler-post" itemscope itemtype="http://schema.org/DiscussionForumPosting" id="post_${i + 1}">
<div class="crawler-post-meta"><span class="creator" itemprop="author">${post.author}</span> <time>${post.date}</time></div>
<div class="post" itemprop="text"><p>${escapeHtml(post.text)}</p></div>
<div class="post-actions"><button>Reply</button> <a href="#share">Share</a> <span>3</span> <button>Like</button></div>
</div>`,
  )
  .join('\n')}
</div>
<div class="suggested-topics"><h3>Similar topics</h3><ul><li><a href="/t/anchoring-in-fog/7">Similar topics: Anchoring in fog</a></li></ul></div>
</main>`,
  ),
};

const boardPosts = [
  { author: 'Bosun', text: 'Has anyone fitted the new shore power posts on the east quay yet?', quote: '' },
  {
    author: 'Harbourmaster',
    text: 'Two of them are live; the rest follow after the electrician visits on Friday.',
    // A reply quoting the first post: the quote's expand control goes.
    quote:
      '<blockquote class="quote"><b>Bosun said:</b><p>Has anyone fitted the new shore power posts on the east quay yet?</p><a href="#m1">Click to expand...</a></blockquote>',
  },
];
/** A message board whose markup names neither its posts nor its menus: every post is kept, the menus of short links go. */
const boardThread: PageTypeFixture = {
  path: '/types/board/showthread.php',
  heading: 'Shore power on the east quay',
  keeps: boardPosts.flatMap((post) => [post.text, post.author]),
  drops: ['Engines board', 'Chandlery board', 'Weather board', 'Click to expand'],
  html: harbourPage(
    'Shore power on the east quay - Harbour Boards',
    `<div id="page-body">
<div class="board-picker"><ul>${['Seamanship', 'Engines', 'Chandlery', 'Moorings', 'Weather', 'Off topic'].map((board) => `<li><a href="/boards/${board.toLowerCase()}">${board} board</a></li>`).join('')}</ul></div>
<h1>Shore power on the east quay</h1>
${boardPosts.map((post, i) => `<div class="msg" id="m${i + 1}"><b>${post.author}</b> <span>#${i + 1}</span>${post.quote}<p>${post.text}</p></div>`).join('\n')}
</div>`,
  ),
};

/** A Q&A thread: the question and every answer are the content; the comments under each are remarks. */
const qaThread: PageTypeFixture = {
  path: '/types/questions/314/how-long-does-a-tide-clock-battery-last',
  heading: 'How long does a tide clock battery last?',
  keeps: [
    'My tide clock drifts by an hour after a few months. Is the battery going flat?',
    'A fresh AA cell runs a quartz tide movement for about a year.',
    'Drift alone is more often the movement than the battery.',
  ],
  // The question's statistics and the posts' controls go with the comments.
  drops: [
    'Did you try a lithium cell?',
    'This fixed mine, thanks.',
    'Add a comment',
    'Asked 2 years, 3 months ago',
    'Viewed 1,204 times',
    'Improve this answer',
    'Ask question',
    'Sorted by',
    // The notices under the last answer (Stack Exchange's bottom-notice blocks).
    'Start asking to get answers',
    'Explore related questions',
  ],
  html: harbourPage(
    'How long does a tide clock battery last? - Harbour Q&A',
    `<main>
<div itemscope itemtype="https://schema.org/QAPage">
<div class="question" itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">
<h1 itemprop="name">How long does a tide clock battery last?</h1>
<div class="question-stats"><div><span>Asked</span> <time>2 years, 3 months ago</time></div><div><span>Viewed</span> 1,204 times</div><a href="/ask">Ask question</a></div>
<div class="post-text" itemprop="text"><p>My tide clock drifts by an hour after a few months. Is the battery going flat?</p></div>
<div class="comments"><ul><li class="comment">Did you try a lithium cell? – Skipper</li></ul><a href="#">Add a comment</a></div>
</div>
<div class="answers-header"><h2>2 Answers</h2><div>Sorted by: <a href="?tab=votes">Highest score</a></div></div>
<div class="answer" itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer">
<div class="post-text" itemprop="text"><p>A fresh AA cell runs a quartz tide movement for about a year.</p></div>
<div class="post-menu"><a href="/posts/2/edit">Improve this answer</a></div>
<div class="comments"><ul><li class="comment">This fixed mine, thanks. – Deckhand</li></ul></div>
</div>
<div class="answer" itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer">
<div class="post-text" itemprop="text"><p>Drift alone is more often the movement than the battery.</p></div>
</div>
<div class="js-bottom-notice d-flex"><div><p>Start asking to get answers</p><p>Find the answer to your question by asking.</p></div>
<div><p>Explore related questions</p><p>See similar questions with these tags.</p></div></div>
</div>
</main>`,
  ),
};

const product: PageTypeFixture = {
  path: '/types/product/tide-clock-classic',
  heading: 'Tide Clock Classic',
  keeps: [
    '$149.00',
    'A brass tide clock that shows high and low water at a glance.',
    'Diameter: 24 cm',
    'Movement: quartz, one AA battery',
  ],
  drops: [
    'Storm Barometer',
    'Ship Bell Mini',
    'Brass Compass',
    // The purchase form's options and the review widget: controls and other people's words.
    'Polished brass',
    'Antique bronze',
    'Finish:',
    'Quantity',
    '4.7 out of 5 stars',
    'Lovely clock, keeps good time',
    // The gallery's slide counter.
    '1 of 3',
  ],
  html: harbourPage(
    'Tide Clock Classic | Harbour Co. Shop',
    `<main>
<div class="product-detail" itemscope itemtype="https://schema.org/Product">
<h1 itemprop="name">
<div class="product-name__master">Tide Clock</div>
<div class="product-name__variation">Classic</div>
</h1>
<div class="gallery">${[1, 2, 3].map((i) => `<img src="/img/tide-clock-${i}.jpg" alt="Brass finish">`).join('')}<span>1 of 3</span></div>
<p class="price" itemprop="price">$149.00</p>
<form action="/cart/add" method="post">
<fieldset class="product-form__input"><legend>Finish:</legend>
<input type="radio" id="finish-1" name="finish" value="brass" checked><label for="finish-1">Polished brass</label>
<input type="radio" id="finish-2" name="finish" value="bronze"><label for="finish-2">Antique bronze</label></fieldset>
<div class="quantity"><span>Quantity</span><input type="number" name="quantity" value="1"></div>
<button type="submit">Add to cart</button></form>
<div class="product-description" itemprop="description"><p>A brass tide clock that shows high and low water at a glance.</p></div>
<h2>Specifications</h2>
<table><tr><th>Diameter</th><td>Diameter: 24 cm</td></tr><tr><th>Movement</th><td>Movement: quartz, one AA battery</td></tr></table>
<div class="product-reviews"><div class="rating-summary">4.7 out of 5 stars (23 reviews)</div>
<p class="review-body">Lovely clock, keeps good time and the brass has not tarnished.</p></div>
</div>
<section class="product-recommendations"><h2>You may also like</h2>
<ul class="grid">
<li class="product-card"><a href="/types/product/storm-barometer">Storm Barometer</a><span class="price">$89.00</span></li>
<li class="product-card"><a href="/types/product/ship-bell">Ship Bell Mini</a><span class="price">$39.00</span></li>
<li class="product-card"><a href="/types/product/compass">Brass Compass</a><span class="price">$59.00</span></li>
</ul></section>
</main>`,
    '<meta property="og:type" content="product">',
  ),
};

const viewedItems = Array.from(
  { length: 10 },
  (_, i) => `Vintage brass ship's porthole mirror, ${30 + i * 5} cm, hand polished, free shipping worldwide`,
);
/** A marketplace item: a short listing under a carousel of other sellers' items, bigger than the item itself. */
const marketplaceItem: PageTypeFixture = {
  path: '/types/product/itm/porthole-mirror-40',
  heading: "Brass ship's porthole mirror, 40 cm",
  keeps: ['EUR 163.12', 'Condition: used, light patina on the rim.', 'Item description'],
  drops: ['People who viewed this item also viewed', viewedItems[3]!],
  html: harbourPage(
    "Brass ship's porthole mirror, 40 cm | Harbour Co. Market",
    `<main>
<div class="item-summary"><h1>Brass ship's porthole mirror, 40 cm</h1><div class="item-price">EUR 163.12</div><p>Condition: used, light patina on the rim.</p>
<h2>Item description</h2><p>Salvaged from a coaster, the glass replaced.</p></div>
<section class="carousel"><h2>People who viewed this item also viewed</h2><ul>
${viewedItems.map((title, i) => `<li><div class="card"><h3>${title}</h3><p>Business seller, ships from Rotterdam in two working days.</p><span>EUR ${120 + i}.00</span><span>previous price EUR ${150 + i}.00</span></div></li>`).join('\n')}
</ul></section>
</main>`,
    '<meta property="og:type" content="product">',
  ),
};

const gridItems = ['Tide Clock Classic', 'Storm Barometer', 'Ship Bell Mini', 'Brass Compass', 'Chart Dividers', 'Signal Lamp'];
const grid: PageTypeFixture = {
  path: '/types/collections/nautical-instruments',
  heading: 'Nautical instruments',
  keeps: [...gridItems, 'Instruments our pilots trust on the water.'],
  // Every card's colour swatches: options of the product, not the grid's content; the grid's
  // result count and sorting control go too.
  drops: ['Sea green', 'Harbour grey', 'Showing 1–6 of 6 products', 'Sort by'],
  html: harbourPage(
    'Nautical instruments | Harbour Co. Shop',
    `<main>
<h1>Nautical instruments</h1>
<p>Instruments our pilots trust on the water.</p>
<div class="toolbar"><p>Showing 1–6 of 6 products</p><span>Sort by: Featured</span></div>
<ul class="product-grid">
${gridItems.map((name, i) => `<li class="product-card"><a href="/types/product/${i}"><img src="/img/${i}.jpg" alt=""> ${name}</a><span class="price">$${40 + i * 10}.00</span><ul class="card-swatches"><li><a href="/types/product/${i}?colour=sea-green">Sea green</a></li><li><a href="/types/product/${i}?colour=harbour-grey">Harbour grey</a></li></ul></li>`).join('\n')}
</ul>
</main>`,
  ),
};

const listingItems = [
  { title: 'New moorings open on the east quay', summary: 'Twelve deep-water berths are ready for the summer season.' },
  { title: 'Pilot boat refit finished early', summary: 'The refit came in two weeks ahead of plan and under budget.' },
  { title: 'Harbour dues for 2026 announced', summary: 'Dues rise by two percent, the first change in three years.' },
  { title: 'Open day at the tide station', summary: 'Visitors can see the gauges that feed our tide tables.' },
];
const listing: PageTypeFixture = {
  path: '/types/news',
  heading: 'Harbour news',
  keeps: listingItems.flatMap((item) => [item.title, item.summary]),
  // Each teaser's thumbnail describes its photo beside the teaser's own title: the image stays, its
  // alt goes, though the teasers alternate two shapes (no grid of alike cards).
  drops: ['Photo of the harbour'],
  html: harbourPage(
    'Harbour news | Harbour Co.',
    `<main>
<h1>Harbour news</h1>
${listingItems.map((item, i) => `<article class="${i % 2 ? 'teaser' : 'teaser teaser--wide'}"><a href="/news/${i}"><img src="/img/news-${i}.jpg" alt="Photo of the harbour, ${item.title.toLowerCase()}"></a><h2><a href="/news/${i}">${item.title}</a></h2><p>${item.summary}</p><a href="/news/${i}">Read more</a></article>`).join('\n')}
<nav class="pagination"><a href="/types/news?page=2">Next page</a></nav>
</main>`,
  ),
};

// A news site's section front declares og:type "article" like its stories; many teasers under a
// URL that names no story make it an index.
const sectionStories = [
  'Tide gauge',
  'Pilot roster',
  'Dredging works',
  'Ferry timetable',
  'Lighthouse repairs',
  'Fish market',
  'Regatta week',
  'Crane upgrade',
  'Harbour seals',
  'Storm damage',
  'Quay lighting',
  'Fuel dock',
  'Sailing school',
  'Customs office',
  'Winter berths',
].map((topic, i) => ({
  title: `${topic}: what changes this month`,
  summary: `Story ${i + 1} of the harbour section, with the dates and who to ask.`,
}));
const sectionFront: PageTypeFixture = {
  path: '/types/sections/harbour-life/',
  heading: 'Harbour life',
  keeps: sectionStories.flatMap((story) => [story.title, story.summary]),
  drops: [],
  html: harbourPage(
    'Harbour life | Harbour Co. News',
    `<main>
<h1>Harbour life</h1>
${sectionStories.map((story, i) => `<article class="story-card"><h3><a href="/news/2025/03/story-${i}">${story.title}</a></h3><p>${story.summary}</p></article>`).join('\n')}
</main>`,
    '<meta property="og:type" content="article">',
  ),
};

const landingSections = [
  { title: 'Pilotage around the clock', text: 'Licensed pilots board inbound ships at any hour, in any weather.' },
  { title: 'Berths for every hull', text: 'From forty-foot yachts to bulk carriers, we have a berth that fits.' },
  { title: 'Tide tables you can trust', text: 'Our gauges update the tables every six minutes, all year round.' },
];
const landing: PageTypeFixture = {
  path: '/types/services/harbour-services',
  heading: 'Harbour services that keep ships moving',
  keeps: [
    ...landingSections.flatMap((section) => [section.title, section.text]),
    'What our customers say',
    'Booked a berth in five minutes.',
    'A tour of the harbour',
    // A landing page's promo blocks are its sections (an article's promos are not its text).
    'Winter berths at half price',
    'Book any berth from November to February for half the summer rate.',
    // An accordion's answers, hidden until their question is clicked, are one click away.
    'Do pilots board at night?',
    'Yes: pilots board inbound ships around the clock.',
    // An accordion whose buttons say nothing of their state, known by their class.
    'Tugs are booked with the berth, at no extra charge for ships under 200 metres.',
  ],
  drops: [
    // A video's fallback text: shown only by browsers that cannot play video at all.
    'Your browser does not support the video tag.',
    // Hidden, and no control shows it.
    'Staff only: the night gate code',
    // A control that names no state and no accordion (a gallery's overlay) leaves its panel hidden.
    'Zoomed view of the harbour at dusk',
  ],
  html: harbourPage(
    'Harbour services | Harbour Co.',
    `<div class="hero"><h1>Harbour services that keep ships moving</h1><p>Pilotage, berths and tides from one harbour office.</p><a class="button" href="/contact">Talk to us</a></div>
${landingSections.map((section) => `<section class="feature"><h2>${section.title}</h2><p>${section.text}</p></section>`).join('\n')}
<section class="tour"><h2>A tour of the harbour</h2><video controls src="/img/tour.mp4"><source src="/img/tour.mp4" type="video/mp4">Your browser does not support the video tag.</video></section>
<section class="testimonials"><h2>What our customers say</h2><blockquote>Booked a berth in five minutes.</blockquote></section>
<section class="cmp-promo"><h2>Winter berths at half price</h2><p>Book any berth from November to February for half the summer rate.</p></section>
<section class="accordion"><h2>Questions</h2><h3>Do pilots board at night?</h3><button aria-expanded="false" aria-controls="answer-night">Show the answer</button>
<div id="answer-night" class="accordion-panel" hidden aria-hidden="true"><p>Yes: pilots board inbound ships around the clock.</p></div>
<h3><a role="button" class="faq-accordion-heading" aria-controls="answer-tugs">Are tugs extra?</a></h3>
<div id="answer-tugs" hidden><p>Tugs are booked with the berth, at no extra charge for ships under 200 metres.</p></div></section>
<button class="gallery-zoom" aria-controls="zoom-view">Zoom</button><div id="zoom-view" hidden><p>Zoomed view of the harbour at dusk, with the pilot boats moored.</p></div>
<div hidden><p>Staff only: the night gate code is 4471.</p></div>`,
  ),
};

const docs: PageTypeFixture = {
  path: '/types/docs/guides/berthing-api',
  heading: 'Berthing API',
  keeps: [
    'The berthing API books a berth for a ship and returns its number.',
    'POST /berths',
    'curl -X POST /berths',
    // The code sample's other languages sit in tab panels the page hides until their tab is clicked.
    'requests.post("/berths"',
    'fetch("/berths"',
    'Errors',
  ],
  drops: ['Edit this page', 'On this page', 'Previous: Tides API', 'Docs menu: Getting started'],
  html: harbourPage(
    'Berthing API - Harbour Co. Docs',
    `<nav class="docs-sidebar" aria-label="Docs"><ul><li><a href="/docs/start">Docs menu: Getting started</a></li><li><a href="/docs/tides">Tides API</a></li></ul></nav>
<main><article class="markdown-body">
<h1>Berthing API</h1>
<p>The berthing API books a berth for a ship and returns its number. Every request needs an API key in the Authorization header, and a ship's IMO number in its body.</p>
<h2 id="request">POST /berths</h2>
<p>Books the first free berth that fits the ship's length and draught, and holds it for thirty minutes.</p>
<div class="code-tabs"><div role="tablist"><button role="tab" aria-selected="true">curl</button><button role="tab">Python</button><button role="tab">JavaScript</button></div>
<div role="tabpanel"><pre><code class="language-sh">curl -X POST /berths -d '{"imo": 9321483}'</code></pre></div>
<div role="tabpanel" hidden><pre><code class="language-python">requests.post("/berths", json={"imo": 9321483})</code></pre></div>
<div role="tabpanel" aria-hidden="true" style="display: none"><pre><code class="language-js">await fetch("/berths", { method: "POST", body: JSON.stringify({ imo: 9321483 }) })</code></pre></div></div>
<h2 id="errors">Errors</h2>
<p>A ship longer than every free berth gets a 409 with the longest free berth's length, so the caller can choose another harbour.</p>
<div class="pagination-nav"><a href="/docs/tides">Previous: Tides API</a></div>
<a class="edit-this-page" href="https://example.com/edit/berthing.md">Edit this page</a>
</article>
<div class="table-of-contents toc"><p>On this page</p><ul><li><a href="#request">POST /berths</a></li><li><a href="#errors">Errors</a></li></ul></div>
</main>`,
  ),
};

/**
 * A DocBook chapter page (PostgreSQL's, FreeBSD's manuals): a version picker and a news line
 * above the docs container, previous/up/next tables inside it, and a table of contents whose
 * links lead to the chapter's own pages, which is what the page says.
 */
const chapterDocs: PageTypeFixture = {
  path: '/types/docs/18/berths.html',
  heading: 'Chapter 11. Berths',
  keeps: ['Table of Contents', '11.1. Booking a berth', '11.2. Berth sizes', 'Berths are where ships moor'],
  drops: ['Supported Versions', 'Harbour 18.3 released', 'Navigation header', 'Prev', 'Submit correction'],
  html: harbourPage(
    'Harbour Co. Docs: Chapter 11. Berths',
    `<main><div class="shout-box"><a href="/news/183">March 2, 2026: Harbour 18.3 released!</a></div>
<div class="versions"><p>Supported Versions: <a href="/docs/18/berths.html">18</a> / <a href="/docs/17/berths.html">17</a> / <a href="/docs/16/berths.html">16</a></p></div>
<div id="docContent"><div class="navheader"><table summary="Navigation header"><tr><th colspan="3">Navigation header: Chapter 11. Berths</th></tr>
<tr><td><a href="moorings.html">Prev</a></td><td><a href="docs.html">Up</a></td><td><a href="berths-booking.html">Next</a></td></tr></table></div>
<div class="chapter"><h1 class="title">Chapter 11. Berths</h1>
<div class="toc"><p><strong>Table of Contents</strong></p><dl class="toc"><dt><a href="berths-booking.html">11.1. Booking a berth</a></dt><dt><a href="berths-sizes.html">11.2. Berth sizes</a></dt><dt><a href="berths-sizes.html#deep">11.2.1. Deep-water berths</a></dt></dl></div>
<p>Berths are where ships moor while they load and unload. A berth fits a ship when it is longer than the ship and deeper than its draught, and the harbour office books them a day ahead.</p></div>
<div class="navfooter"><table summary="Navigation footer"><tr><td><a href="moorings.html">Prev</a></td><td><a href="berths-booking.html">Next</a></td></tr></table></div></div>
<div id="docComments"><h2>Submit correction</h2><p>If you see anything in the documentation that is not correct, please use <a href="/comments">this form</a>.</p></div></main>`,
  ),
};

const shortDocs: PageTypeFixture = {
  path: '/types/docs/api-reference',
  heading: 'API reference',
  keeps: ['GET /ships', 'Lists ships.', 'curl /ships'],
  drops: [],
  html: harbourPage(
    'API reference - Harbour Co.',
    `<main><article><h1>API reference</h1><h2>GET /ships</h2><p>Lists ships.</p><pre><code>curl /ships</code></pre></article></main>`,
  ),
};

const contact: PageTypeFixture = {
  path: '/types/contact',
  heading: 'Contact the harbour office',
  keeps: ['Harbour office, East Quay 1, Portsmouth', '+44 23 9200 0000', 'office@harbour.example'],
  drops: [],
  html: harbourPage(
    'Contact | Harbour Co.',
    `<main><h1>Contact the harbour office</h1><address>Harbour office, East Quay 1, Portsmouth<br>Phone: +44 23 9200 0000<br>Email: office@harbour.example</address></main>`,
  ),
};

const faqs = [
  { q: 'When does the office open?', a: 'Every day from six in the morning until ten at night.' },
  { q: 'Can I pay harbour dues online?', a: 'Yes, by card or bank transfer from your account page.' },
];
const faq: PageTypeFixture = {
  path: '/types/faq',
  heading: 'Frequently asked questions',
  keeps: faqs.flatMap((item) => [item.q, item.a]),
  drops: [],
  html: harbourPage(
    'FAQ | Harbour Co.',
    `<main><h1>Frequently asked questions</h1>${faqs.map((item) => `<details><summary>${item.q}</summary><p>${item.a}</p></details>`).join('')}</main>`,
  ),
};

const fewWords: PageTypeFixture = {
  path: '/types/closed-today',
  heading: 'Closed today',
  keeps: ['Back tomorrow.'],
  drops: [],
  html: harbourPage('Closed today | Harbour Co.', `<div class="content"><h1>Closed today</h1><p>Back tomorrow.</p></div>`),
};

/** Every page type fixture, by what it stands for. */
export const pageTypeFixtures = {
  forumThread,
  qaThread,
  boardThread,
  product,
  marketplaceItem,
  grid,
  listing,
  sectionFront,
  landing,
  docs,
  chapterDocs,
  shortDocs,
  contact,
  faq,
  fewWords,
} as const;
