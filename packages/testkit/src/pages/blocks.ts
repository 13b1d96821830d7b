import { escapeHtml, simplePage } from './layout.js';

/**
 * Block pages as sites answer bots with them, built from each vendor's public markers (response
 * headers, cookie names, script paths, element ids, titles, texts), and the pages behind the
 * ones a real browser gets past. Served under /blocks/ (routes/blocks.ts); BLOCK_PAGES says what
 * each one is, so a test can walk them all.
 */

/** Text of the pages behind the walls: present only once the wall is passed. */
export const blockPhrases = {
  /** The article behind the JavaScript challenges (/blocks/js-challenge, /blocks/bot-check). */
  cleared: 'The harbour master cleared the morning fog before the first ferry',
  /** The article a consent wall hides until its button is clicked. */
  consented: 'Behind the consent wall the tide tables were waiting',
  /** The article the app shell renders from its data. */
  rendered: 'The app rendered the timetable of the evening ferries',
  /** The app shell's header, navigation, footer and cookie banner. */
  appChrome: 'Ferry timetables and harbour services',
  challenge: 'Checking if the site connection is secure',
} as const;

/** What a block page is, as the classifier should say it. */
export interface BlockPageFixture {
  path: string;
  kind: string;
  vendor: string;
  /** A real Chromium gets past it (the page behind it carries `blockPhrases.cleared`, `consented` or `rendered`). */
  clearsInBrowser?: boolean;
  /** Only the browser with automation's signals hidden (`proxy: "stealth"`) gets past it. */
  clearsInStealth?: boolean;
}

/** Every page under /blocks/ that answers a block page to a plain HTTP client. */
export const BLOCK_PAGES: readonly BlockPageFixture[] = [
  { path: '/blocks/js-challenge', kind: 'challenge', vendor: 'cloudflare', clearsInBrowser: true },
  { path: '/blocks/bot-check', kind: 'challenge', vendor: 'cloudflare', clearsInStealth: true },
  { path: '/blocks/cloudflare-block', kind: 'access-denied', vendor: 'cloudflare' },
  { path: '/blocks/akamai', kind: 'access-denied', vendor: 'akamai' },
  { path: '/blocks/perimeterx', kind: 'captcha', vendor: 'perimeterx' },
  { path: '/blocks/datadome', kind: 'captcha', vendor: 'datadome' },
  { path: '/blocks/imperva', kind: 'access-denied', vendor: 'imperva' },
  { path: '/blocks/aws-waf', kind: 'challenge', vendor: 'aws-waf' },
  { path: '/blocks/sucuri', kind: 'access-denied', vendor: 'sucuri' },
  { path: '/blocks/kasada', kind: 'challenge', vendor: 'kasada' },
  { path: '/blocks/captcha/recaptcha', kind: 'captcha', vendor: 'recaptcha' },
  { path: '/blocks/captcha/hcaptcha', kind: 'captcha', vendor: 'hcaptcha' },
  { path: '/blocks/captcha/turnstile', kind: 'captcha', vendor: 'turnstile' },
  { path: '/blocks/rate-limit', kind: 'rate-limit', vendor: 'generic' },
  { path: '/blocks/rate-limit-page', kind: 'rate-limit', vendor: 'generic' },
  { path: '/blocks/consent-wall', kind: 'consent-wall', vendor: 'onetrust', clearsInBrowser: true },
  { path: '/blocks/google-consent', kind: 'consent-wall', vendor: 'google' },
  { path: '/blocks/members-only', kind: 'login-wall', vendor: 'generic' },
  { path: '/blocks/gone-astray', kind: 'soft-404', vendor: 'generic' },
  { path: '/blocks/parked', kind: 'parked', vendor: 'generic' },
  { path: '/blocks/app-shell', kind: 'app-shell', vendor: 'javascript', clearsInBrowser: true },
];

export interface StaticBlockPage {
  status: number;
  headers: Record<string, string>;
  html: string;
}

/** The cookie the challenges set; with it the page behind them is served. */
export const CLEARANCE_COOKIE = 'cf_clearance';

/** An article long enough to be a page of its own: what a cleared challenge or a dismissed wall leads to. */
export function articleBehind(title: string, phrase: string): string {
  return simplePage(
    title,
    `<main><article>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(phrase)}. The pilots read the channel from the bridge while the deckhands coiled the lines, and the harbour office logged every arrival in the old ledger by the window.</p>
<p>By noon the wind had turned to the west and the smaller boats came in under sail, one after another, past the breakwater and the lighthouse that has stood there for two hundred years.</p>
</article></main>`,
  );
}

/**
 * A Cloudflare-style managed challenge: a 403 with `cf-mitigated: challenge`, "Just a moment…",
 * `_cf_chl_opt` and the challenge platform's script. Its script sets the clearance cookie and
 * reloads, as the real one does once the browser has proved itself; `requireHuman` makes it
 * refuse a browser that says it is automated (`navigator.webdriver`, which only stealth hides)
 * with Cloudflare's block page, as a failed challenge ends.
 */
export function challengePage(requireHuman: boolean): StaticBlockPage {
  const check = requireHuman
    ? `if (navigator.webdriver) { delete window._cf_chl_opt; document.title = 'Attention Required! | Cloudflare'; document.body.innerHTML = '<div id="cf-error-details"><h1>Sorry, you have been blocked</h1><p>Cloudflare Ray ID: 8a1b2c3d4e5f6789</p></div>'; return; }`
    : '';
  const html = simplePage(
    'Just a moment...',
    `<div class="main-wrapper" role="main"><div class="main-content">
<h1 class="zone-name-title h1">127.0.0.1</h1>
<h2 id="challenge-running" class="h2">${blockPhrases.challenge}</h2>
<div id="challenge-stage"></div>
<div id="challenge-error-text"></div>
<p>127.0.0.1 needs to review the security of your connection before proceeding.</p>
</div></div>
<div class="footer"><div class="footer-inner">Ray ID: <code>8a1b2c3d4e5f6789</code> Performance &amp; security by Cloudflare</div></div>
<script>(function(){window._cf_chl_opt={cvId:'3',cZone:'127.0.0.1',cType:'managed',cRay:'8a1b2c3d4e5f6789'};
setTimeout(function () { ${check} document.cookie = '${CLEARANCE_COOKIE}=cleared; path=/'; location.reload(); }, 300);
var s=document.createElement('script');s.src='/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8a1b2c3d4e5f6789';document.head.appendChild(s);})();</script>`,
    '<meta name="robots" content="noindex,nofollow">',
  );
  return { status: 403, headers: { 'cf-mitigated': 'challenge', server: 'cloudflare', 'cf-ray': '8a1b2c3d4e5f6789-AMS' }, html };
}

/** The static block pages: what each vendor answers, from its public markers. */
export const STATIC_BLOCK_PAGES: Record<string, StaticBlockPage> = {
  '/blocks/cloudflare-block': {
    status: 403,
    headers: { server: 'cloudflare', 'cf-ray': '8a1b2c3d4e5f6790-AMS' },
    html: simplePage(
      'Attention Required! | Cloudflare',
      `<div id="cf-wrapper"><div id="cf-error-details" class="cf-error-details-wrapper">
<div class="cf-wrapper cf-header cf-error-overview"><h1>Sorry, you have been blocked</h1><h2>You are unable to access 127.0.0.1</h2></div>
<p>This website is using a security service to protect itself from online attacks.</p>
<p>Cloudflare Ray ID: <strong>8a1b2c3d4e5f6790</strong></p></div></div>`,
    ),
  },
  '/blocks/akamai': {
    status: 403,
    headers: { server: 'AkamaiGHost', 'mime-version': '1.0' },
    html: `<HTML><HEAD>
<TITLE>Access Denied</TITLE>
</HEAD><BODY>
<H1>Access Denied</H1>
You don't have permission to access "http&#58;&#47;&#47;127&#46;0&#46;0&#46;1&#47;blocks&#47;akamai" on this server.<P>
Reference&#32;&#35;18&#46;2d351ab8&#46;1700000000&#46;1a2b3c4
<P>https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;18&#46;2d351ab8&#46;1700000000&#46;1a2b3c4</P>
</BODY>
</HTML>`,
  },
  '/blocks/perimeterx': {
    status: 200,
    headers: {},
    html: simplePage(
      'Access to this page has been denied.',
      `<div class="px-captcha-container"><h1>Please verify you are a human</h1>
<p>Press &amp; Hold to confirm you are a human (and not a bot).</p>
<div id="px-captcha"></div>
<p>Reference ID 6f1c9e2a-0000-11ee-9c1d-123456789abc</p></div>
<script>window._pxAppId = 'PXabc123'; window._pxJsClientSrc = '/abc123/init.js'; window._pxHostUrl = '/abc123/xhr';</script>
<script src="https://captcha.px-cdn.net/PXabc123/captcha.js?a=c&amp;u=6f1c9e2a"></script>`,
    ),
  },
  '/blocks/datadome': {
    status: 403,
    headers: { 'x-datadome': 'protected', 'x-dd-b': '1', 'set-cookie': 'datadome=AbC123~xyz; Max-Age=31536000; Path=/; SameSite=Lax' },
    html: `<html><head><title>127.0.0.1</title><style>#cmsg{animation: A 1.5s;}</style></head><body style="margin:0">
<p id="cmsg">Please enable JS and disable any ad blocker</p>
<script data-cfasync="false">var dd={'rt':'c','cid':'AHrlqAAAAAMA1','hsh':'2211F522B61E269B869FA6EAFFB5E1','t':'fe','s':17434,'e':'abc','host':'geo.captcha-delivery.com'}</script>
<script data-cfasync="false" src="https://ct.captcha-delivery.com/c.js"></script>
</body></html>`,
  },
  '/blocks/imperva': {
    status: 200,
    headers: {
      'x-cdn': 'Imperva',
      'x-iinfo': '12-34567890-0 0NNN RT(1700000000000 0) q(0 -1 -1 -1) r(0 -1)',
      'set-cookie': 'visid_incap_123456=abc; path=/, incap_ses_123_456=def; path=/',
    },
    html: `<html style="height:100%"><head><META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW"><meta name="format-detection" content="telephone=no"></head>
<body style="margin:0px;height:100%"><iframe id="main-iframe" src="/_Incapsula_Resource?CWUDNSAI=9&xinfo=12-34567890-0&incident_id=123-456789&edet=12&cinfo=04000000&rpinfo=0" frameborder=0 width="100%" height="100%" marginheight="0px" marginwidth="0px">Request unsuccessful. Incapsula incident ID: 123000456789-0</iframe></body></html>`,
  },
  '/blocks/aws-waf': {
    status: 202,
    headers: { 'x-amzn-waf-action': 'challenge' },
    html: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title></title>
<script>window.awsWafCookieDomainList = [];window.gokuProps = {"key":"AQIDAHjcYu/GjX+QlghicBg==","iv":"D549ijgJXwAAArYJ","context":"abc"};</script>
<script src="https://abc123def456.edge.sdk.awswaf.com/abc123def456/xyz/challenge.js"></script>
<script src="https://abc123.token.awswaf.com/abc123/xyz/challenge.js"></script>
</head><body><div id="challenge-container"></div><noscript><h1>JavaScript is disabled</h1>In order to continue, we need to verify that you're not a robot. This requires JavaScript. Enable JavaScript and then reload the page.</noscript></body></html>`,
  },
  '/blocks/sucuri': {
    status: 403,
    headers: { server: 'Sucuri/Cloudproxy', 'x-sucuri-id': '18015', 'x-sucuri-block': 'BLK0001' },
    html: simplePage(
      'Sucuri WebSite Firewall - Access Denied',
      `<div id="main-container"><h1>Access Denied - Sucuri Website Firewall</h1>
<p>If you are the site owner (or you manage this site), please whitelist your IP or if you think this block is an error please open a support ticket.</p>
<table><tr><td>Block ID:</td><td>BLK0001</td></tr><tr><td>Block reason:</td><td>Access from your IP address is not allowed.</td></tr></table></div>`,
    ),
  },
  '/blocks/kasada': {
    status: 429,
    headers: { 'x-kpsdk-ct': '0abc123', 'x-kpsdk-r': '1-AbC' },
    html: `<html><head></head><body><script>window.KPSDK={};KPSDK.now=typeof performance!=='undefined'&&performance.now?performance.now.bind(performance):Date.now.bind(Date);KPSDK.start=KPSDK.now();</script>
<script src="/149e9513-01fa-4fb0-aad4-566afd725d1b/2d206a39-8ed7-437e-a3be-862e0f06eea3/ips.js?KP_UIDz=abc"></script></body></html>`,
  },
  '/blocks/captcha/recaptcha': captchaWall(
    '<div class="g-recaptcha" data-sitekey="6Lc_aCMTAAAAABx7u2W0WPXnVbI_v6ZdbM6rYf16"></div>',
    'https://www.google.com/recaptcha/api.js',
  ),
  '/blocks/captcha/hcaptcha': captchaWall(
    '<div class="h-captcha" data-sitekey="10000000-ffff-ffff-ffff-000000000001"></div>',
    'https://js.hcaptcha.com/1/api.js',
  ),
  '/blocks/captcha/turnstile': captchaWall(
    '<div class="cf-turnstile" data-sitekey="1x00000000000000000000AA"></div>',
    'https://challenges.cloudflare.com/turnstile/v0/api.js',
  ),
  '/blocks/rate-limit': {
    status: 429,
    headers: { 'retry-after': '1' },
    html: simplePage('429 Too Many Requests', '<h1>Too Many Requests</h1><p>Please slow down.</p>'),
  },
  '/blocks/rate-limit-page': {
    status: 200,
    headers: {},
    html: simplePage('Rate limit exceeded', '<h1>Rate limit exceeded</h1><p>You have made too many requests. Try again in a minute.</p>'),
  },
  '/blocks/google-consent': {
    status: 200,
    headers: {},
    html: simplePage(
      'Before you continue to Google',
      `<div><h1>Before you continue to Google</h1>
<p>We use cookies and data to deliver and maintain Google services, track outages and protect against spam, fraud and abuse.</p>
<form action="https://consent.google.com/save" method="POST"><input type="hidden" name="set_eom" value="true"><button>Reject all</button></form>
<form action="https://consent.google.com/save" method="POST"><input type="hidden" name="set_eom" value="false"><button>Accept all</button></form></div>`,
    ),
  },
  '/blocks/login': {
    status: 200,
    headers: {},
    html: simplePage(
      'Sign in',
      `<main><h1>Sign in to continue</h1>
<form action="/blocks/session" method="post"><label>Email <input type="email" name="email"></label>
<label>Password <input type="password" name="password"></label><button>Sign in</button></form>
<p><a href="/blocks/reset">Forgot your password?</a></p></main>`,
    ),
  },
  '/blocks/gone-astray': {
    status: 200,
    headers: {},
    html: simplePage(
      'Page not found | Harbour News',
      `<header><nav><a href="/">Home</a> <a href="/articles/">Articles</a></nav></header>
<main><h1>Page not found</h1><p>Sorry, we could not find that page. Try the search or go back home.</p></main>
<footer>© Harbour News</footer>`,
    ),
  },
  '/blocks/parked': {
    status: 200,
    headers: {},
    html: simplePage(
      'harbour-example.com',
      `<div class="parking"><h1>harbour-example.com</h1><p>This domain may be for sale!</p>
<p><a href="https://www.afternic.com/forsale/harbour-example.com">Buy this domain</a></p><h2>Related Searches</h2>
<ul><li><a href="#">Ferry Tickets</a></li><li><a href="#">Harbour Cruises</a></li></ul></div>
<script src="https://img1.wsimg.com/parking-lander/static/js/main.js"></script>`,
    ),
  },
};

function captchaWall(widget: string, script: string): StaticBlockPage {
  return {
    status: 200,
    headers: {},
    html: simplePage(
      'Security check',
      `<main><h1>Please verify you are a human</h1><p>Complete the security check to access the site.</p>
<form action="/blocks/verify" method="post">${widget}<button>Continue</button></form></main>`,
      `<script src="${script}" async defer></script>`,
    ),
  };
}

/**
 * A OneTrust-style consent wall: the page is the banner, and the article appears only once its
 * reject or accept button is clicked (its script inserts it, as walls that load the page after
 * consent do). The phrase is split in the source so it is not in the HTML before the click.
 */
export function consentWallPage(): string {
  const [first, ...rest] = blockPhrases.consented.split(' ');
  return simplePage(
    'Harbour News',
    `<header><nav><a href="/">Home</a> <a href="/articles/">Articles</a></nav></header>
<div id="content"></div>
<div id="onetrust-consent-sdk"><div class="onetrust-pc-dark-filter"></div>
<div id="onetrust-banner-sdk" role="dialog" aria-label="Privacy"><div id="onetrust-policy">
<h2 id="onetrust-policy-title">We value your privacy</h2>
<p id="onetrust-policy-text">We and our partners store and access information on your device, such as cookies, and process personal data to show you this site. You can accept or reject.</p></div>
<div id="onetrust-button-group"><button id="onetrust-reject-all-handler">Reject All</button><button id="onetrust-accept-btn-handler">Accept All</button></div></div></div>
<script>
function showPage() {
  document.getElementById('onetrust-consent-sdk').remove();
  document.getElementById('content').innerHTML = '<main><article><h1>Tide tables</h1><p>' + ['${first}', '${rest.join(' ')}'].join(' ') +
    '. The harbour office prints them each Monday, and the pilots pin them above the chart table so the night watch can read them by lamplight.</p>' +
    '<p>Spring tides run higher and faster through the narrows, and the ferries wait for slack water before they cross.</p></article></main>';
}
document.getElementById('onetrust-reject-all-handler').addEventListener('click', showPage);
document.getElementById('onetrust-accept-btn-handler').addEventListener('click', showPage);
</script>`,
  );
}

/**
 * A single-page app as served: a header, navigation, cookie banner and footer of over 1,000
 * characters around an app root that says "Loading…", a noscript asking for JavaScript, and a
 * script that fetches the content after the page's `load` and renders it.
 */
export function appShellPage(dataPath: string): string {
  const links = ['Timetables', 'Tickets', 'Routes', 'Harbour services', 'Parking', 'Accessibility', 'Groups', 'Freight', 'News', 'Contact']
    .map((name) => `<li><a href="/app/${name.toLowerCase().replace(/\s/g, '-')}">${name}</a></li>`)
    .join('');
  const footerLinks = ['About us', 'Careers', 'Press', 'Privacy policy', 'Cookie policy', 'Terms and conditions', 'Sitemap']
    .map((name) => `<a href="/app/${name.toLowerCase().replace(/\s/g, '-')}">${name}</a>`)
    .join(' · ');
  return simplePage(
    'Harbour Ferries',
    `<header><div class="brand">${blockPhrases.appChrome}</div><nav><ul>${links}</ul></nav>
<p class="notice">Services run to the summer timetable from the first of May until the last Sunday of September; winter sailings may change at short notice when the weather turns.</p></header>
<div class="cookie-banner">We use cookies to remember your journeys and to measure how the timetable pages are used. You can change your choice at any time from the cookie policy page linked in the footer.</div>
<div id="root"><p>Loading…</p></div>
<noscript>You need to enable JavaScript to run this app.</noscript>
<footer><p>${footerLinks}</p><p>Harbour Ferries Ltd, registered in the harbour district, company number 01234567. All sailings are subject to the conditions of carriage, available at every ticket office and on request from the harbour master.</p><p>© Harbour Ferries. All rights reserved.</p></footer>
<script>
window.addEventListener('load', function () {
  setTimeout(function () {
    fetch('${dataPath}').then(function (response) { return response.json(); }).then(function (data) {
      document.getElementById('root').innerHTML = '<main><article><h1>' + data.title + '</h1>' +
        data.paragraphs.map(function (text) { return '<p>' + text + '</p>'; }).join('') + '</article></main>';
    });
  }, 300);
});
</script>`,
  );
}

/** What the app shell fetches: its article, rendered in the browser only. */
export function appShellData(): { title: string; paragraphs: string[] } {
  return {
    title: 'Evening sailings',
    paragraphs: [
      `${blockPhrases.rendered}, one row for each crossing, with the berth and the time the gangway closes.`,
      'The last ferry of the night waits ten minutes for the train from the city, and the harbour café stays open until it leaves.',
    ],
  };
}
