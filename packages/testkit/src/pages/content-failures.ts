import { postChromePages } from './post-chrome-failures.js';

/**
 * Pages that main-content extraction got wrong on sites nobody tuned for (issue #30), one per
 * failure kind, each served at its `path`: `phrases` are the post's sentences the Markdown must
 * hold, in order; `absent` what must not leak into it.
 */
export interface ContentFailurePage {
  path: string;
  /** The failure, for test names. */
  description: string;
  html: string;
  phrases: string[];
  absent: string[];
}

const ferryLead = 'The ferry to the outer islands runs twice a day from the old stone quay';
const ferryNext = 'In winter storms the crossing is cancelled and the islanders fetch their post by boat';
const ferryLast = 'Tickets are sold on board, and bicycles travel free outside the summer weeks';

/** The ferry's title and first paragraph. */
const ferryOpening = `<h1>The island ferry</h1>
<p>${ferryLead}, calling at each jetty on the way out and again on the way back in the evening.</p>`;

/** A short article of three paragraphs about the island ferry. */
const ferryArticle = `${ferryOpening}
<p>${ferryNext}, which the harbour master sorts in the waiting room until the sea calms down.</p>
<p>${ferryLast}, when the deck is full of walkers and their dogs heading for the dunes.</p>`;

/** A Facebook pixel as a CMS escapes it into a `<noscript>`: markup as text, longer than the notes a noscript usually holds. */
const escapedPixels = [1, 2, 3, 4]
  .map(
    (n) =>
      `&lt;img height="1" width="1" style="display:none" alt="" src="https://www.facebook.com/tr?id=10${n}&amp;ev=PageView&amp;noscript=1"/&gt;`,
  )
  .join('\n');

/** A page titled for the ferry around `body`. */
const ferryPage = (body: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>The island ferry</title></head>
<body>
${body}</body></html>
`;

const dialogText = 'We and our partners use cookies to store and access information on your device';

export const contentFailurePages = {
  /** A `<noscript>` of escaped tracking pixels before the article: it was unwrapped as the page's text. */
  noscriptPixels: {
    path: '/content-failures/noscript-pixels',
    description: 'a <noscript> of escaped tracking pixels',
    html: ferryPage(`<div id="page">
<noscript>
${escapedPixels}
</noscript>
${ferryArticle}
</div>
`),
    phrases: [ferryLead, ferryNext, ferryLast],
    absent: ['facebook.com/tr', 'img height', 'noscript=1'],
  },
  /**
   * An inline script writing an ad's script tag: its `</script>` ends the script early, so the
   * call's start and tail are left as text, and old `<noembed>` and `<noframes>` fallbacks print
   * their markup.
   */
  scriptSource: {
    path: '/content-failures/script-source',
    description: "an inline script's document.write(...) source and raw fallbacks",
    html: ferryPage(`<div class="story">
<h1>The island ferry</h1>
<p>${ferryLead}, calling at each jetty on the way out and again on the way back in the evening.</p>
<p>document.write('<script src="https://ads.example.net/show_ads.js"></script>');</p>
<p>${ferryNext}, which the harbour master sorts in the waiting room until the sea calms down.</p>
<noembed><img src="https://ads.example.net/fallback.gif" alt=""></noembed>
<p>${ferryLast}, when the deck is full of walkers and their dogs heading for the dunes.</p>
<noframes><p>Your browser does not show frames: <a href="/ads">read the ad</a></p></noframes>
</div>
`),
    phrases: [ferryLead, ferryNext, ferryLast],
    absent: ['document.write', "');", 'fallback.gif', 'does not show frames'],
  },
  /**
   * A consent dialog of a theme's own making (no consent manager's container, no cookie class
   * word) with more text than the short article beside it.
   */
  consentDialog: {
    path: '/content-failures/consent-dialog',
    description: 'a consent dialog denser than the article',
    html: ferryPage(`<div class="privacy-layer" aria-modal="true">
<h2>Your privacy matters to us</h2>
<p>${dialogText}, such as unique identifiers and standard information sent by a device, for personalised ads and content, ad and content measurement, and audience insights.</p>
<p>With your permission we and our partners may use precise geolocation data and identification through device scanning. You may click to consent to our and our partners' processing as described above.</p>
<p>Alternatively you may access more detailed information and change your preferences before consenting or to refuse consenting. Please note that some processing of your personal data may not require your consent, but you have a right to object to such processing.</p>
<p>Your preferences will apply to this website only. You can change your preferences at any time by returning to this site or visiting our privacy policy.</p>
<button>Accept all</button> <button>Reject all</button> <button>Manage preferences</button>
</div>
<div class="content">
${ferryArticle}
</div>
`),
    phrases: [ferryLead, ferryNext, ferryLast],
    absent: [dialogText, 'Accept all', 'Manage preferences'],
  },
  /**
   * A WordPress post whose box carries the theme word `top` (read as furniture), with short
   * paragraphs beside a long author box: before, only the H1, the author box and "Leave a
   * Comment" remained.
   */
  blogPostBody: {
    path: '/content-failures/blog-post-body',
    description: "a WordPress post body in a box the theme calls 'top'",
    html: `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>The island ferry | Harbour notes</title></head>
<body class="custom">
<div id="container"><div id="page">
<div class="menu-header-container"><ul class="menu"><li><a href="/about/">About</a></li><li><a href="/archive/">Archive</a></li></ul></div>
<div id="content_box"><div id="content" class="hfeed">
<div class="post_box top post-138 post type-post hentry" id="post-138">
<div class="headline_area"><h1 class="entry-title">The island ferry</h1><p class="headline_meta">by <span class="author">Ann</span> on March 4, 2009</p></div>
<div class="format_text entry-content">
<p>${ferryLead}.</p>
<p>${ferryNext}.</p>
<p>Most days it is on time.</p>
<p>Departures from the quay:<br>07:15 Outer islands, all jetties<br>09:40 North island only<br>13:05 Outer islands, all jetties<br>16:30 North island only<br>18:45 Outer islands, all jetties<br>21:10 Last boat, Saturdays and Sundays</p>
<p>The timetable changes on the first of May and the first of October, and the harbour office posts the new one on its door a week before.</p>
<p>${ferryLast}.</p>
</div>
</div>
<div class="author-box"><h2>About Ann Marsh</h2>
<p>Ann Marsh has written about the harbour, its boats and its people for twenty years, first for the local weekly and then for this blog, which she started when the paper closed its office on the quay.</p>
<p>She lives in the lighthouse keeper's old cottage with two cats and a rowing boat that leaks, and she answers every letter her readers send her, usually by return of post and always by hand.</p>
</div>
<p class="comments"><a href="#respond">Leave a Comment</a></p>
<div class="prev_next"><p>Previous post: <a href="/harbour-wall/">The harbour wall</a></p><p>Next post: <a href="/lifeboat/">The lifeboat</a></p></div>
</div></div>
</div></div>
</body></html>
`,
    phrases: ['The island ferry', ferryLead, ferryNext, ferryLast],
    absent: ['Leave a Comment', 'rowing boat that leaks'],
  },
  /**
   * A forum served as its client-side app's shell (a Discourse site answering a client it did
   * not render for): a splash, an empty `<main>` and a hidden login form. The thread's title and
   * opening words are only in the head, for link previews; before, the Markdown was empty.
   */
  appShell: {
    path: '/content-failures/app-shell',
    description: "a client-side app's unrendered shell",
    html: `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>The island ferry - Harbour talk - Islanders' forum</title>
<meta name="description" content="${ferryLead}. ${ferryNext}. Does anyone know the winter timetable?">
<meta property="og:title" content="The island ferry">
<meta property="og:description" content="${ferryLead}. ${ferryNext}. Does anyone know the win&hellip;">
<script defer src="/assets/start-app.js"></script>
</head>
<body>
<section id="splash"><div class="preloader"><div class="dots"></div><div class="dots"></div></div></section>
<div class="hidden" id="data-preloaded"></div>
<section id="main"></section>
<form id="hidden-login-form" method="post" action="/login" style="display: none;"><input name="username" type="text"><input name="password" type="password"><input type="submit" value="Log In"></form>
</body></html>
`,
    phrases: ['# The island ferry', ferryLead, ferryNext, 'Does anyone know the winter timetable?'],
    absent: ["Islanders' forum", 'Log In', 'win…'],
  },
  /**
   * A shop's product served as its client-side app's shell: an empty app root, and in the head
   * only the shop's finished pitch for search results. No excerpt of the page's text: the
   * Markdown stays empty rather than carrying the pitch.
   */
  pitchShell: {
    path: '/content-failures/pitch-shell',
    description: "a client-side app's shell whose head holds only a pitch",
    html: `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>Harbour Blue Rug | Quayside Rugs</title>
<meta name="description" content="Shop the Harbour Blue Rug from Quayside Rugs. Our washable rugs are made to order and machine washable. Free shipping!">
<meta property="og:title" content="Harbour Blue Rug">
<meta property="og:description" content="Shop the Harbour Blue Rug from Quayside Rugs. Our washable rugs are made to order and machine washable. Free shipping!">
<script defer src="/assets/start-app.js"></script>
</head>
<body><div id="__next"></div></body></html>
`,
    phrases: [],
    absent: ['Harbour Blue Rug', 'Free shipping'],
  },
  /**
   * A shop's product served as its app's shell with only the site's footer rendered: a hidden
   * heading, an empty app root and a footer of link directories. Before, Readability picked the
   * footer and the Markdown was the site's links; there is no main content to give.
   */
  footerShell: {
    path: '/content-failures/footer-shell',
    description: "a client-side app's shell whose only text is the site's footer",
    html: `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Harbour Blue Rug - Quayside Market</title>
<meta name="description" content="Harbour Blue Rug. Cheap prices, free returns. Shop on Quayside Market!">
<script defer src="/assets/start-app.js"></script>
</head>
<body>
<div style="display:none;"><h1>Quayside Market</h1><ul><li><a href="#search">I'm shopping for...</a></li></ul></div>
<div id="root"></div>
<footer><div class="site-footer">
<dl><dt><h5>Help</h5></dt><dd><a href="/help">Help Center</a>, <a href="/disputes">Disputes &amp; Reports</a>, <a href="/returns">Return policy</a>, <a href="/report">Report infringement</a></dd></dl>
<dl><dt><h5>Languages</h5></dt><dd><a href="/fr">French</a>, <a href="/de">German</a>, <a href="/es">Spanish</a>, <a href="/it">Italian</a>, <a href="/nl">Dutch</a>, <a href="/pt">Portuguese</a>, <a href="/pl">Polish</a></dd></dl>
<dl><dt><h5>Browse</h5></dt><dd><a href="/popular">All popular products</a>, <a href="/deals">Great value deals</a>, <a href="/reviews">Customer reviews</a>, <a href="/blog">The Quayside blog</a></dd></dl>
</div></footer>
</body></html>
`,
    phrases: [],
    absent: ['Help Center', 'Great value deals', 'Quayside Market'],
  },
  /**
   * A forum thread served as its app's shell, with the site's three header links rendered and
   * the thread's opening words only in the head. Before, the Markdown was those three links.
   */
  strayLinksShell: {
    path: '/content-failures/stray-links-shell',
    description: "a client-side app's shell whose only text is three links",
    html: `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>How far does yours go? - Boards - Harbour talk</title>
<meta property="og:title" content="How far does yours go?">
<meta property="og:description" content="${ferryLead} and back, and I wonder how far other boats go on one tank of fuel before the engine coughs and the skipper reaches for the spare can that lives under the bench at the ste...">
<script defer src="/assets/start-app.js"></script>
</head>
<body>
<section id="splash"><div class="preloader"></div></section>
<div class="custom-header-links"><a href="https://harbour.example/">harbour talk</a> <a href="https://tides.example/">tide tables</a> <a href="https://donate.example/">donate now</a></div>
<section id="main"></section>
</body></html>
`,
    phrases: ['# How far does yours go?', ferryLead],
    absent: ['tide tables', 'donate now'],
  },
  /**
   * A news story followed by the site's link lists, titled in German and named by nothing in
   * their markup ("Meistgelesene Artikel" as a bare line, "Weitere Artikel" as a heading): no
   * heading vocabulary or class word catches them, and they were kept with the story.
   */
  linkChrome: {
    path: '/content-failures/link-chrome',
    description: 'link lists titled in another language after a story',
    html: `<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>Die Inselfähre</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Die Inselfähre"}</script></head>
<body>
<div class="wrapper">
<div class="story">
<h1>Die Inselfähre</h1>
<p>Die Fähre zu den äußeren Inseln fährt zweimal am Tag vom alten Steinkai ab und hält an jedem Anleger, auf dem Hinweg wie am Abend auf dem Rückweg.</p>
<p>Bei Winterstürmen fällt die Überfahrt aus, und die Inselbewohner holen ihre Post mit dem eigenen Boot, die der Hafenmeister im Wartesaal sortiert.</p>
<p>Fahrkarten gibt es an Bord, und Fahrräder fahren außerhalb der Sommerwochen umsonst mit, wenn das Deck voller Wanderer und ihrer Hunde ist.</p>
<p>Die neue Fähre soll im Frühjahr kommen; sie hat Platz für doppelt so viele Fahrräder und einen geheizten Raum für die Post.</p>
<div class="box">Meistgelesene Artikel</div>
<ol class="box-list">
<li><a href="/a/hafenmauer">Die Hafenmauer wird saniert</a></li>
<li><a href="/a/leuchtturm">Der Leuchtturm bekommt ein neues Licht</a></li>
<li><a href="/a/rettungsboot">Das Rettungsboot übt jeden Samstag</a></li>
<li><a href="/a/fischmarkt">Der Fischmarkt zieht an den Kai</a></li>
</ol>
<h2>Weitere Artikel</h2>
<ul class="teasers">
<li><a href="/a/deich">Der Deich wird erhöht: was die Arbeiten für die Anwohner bedeuten</a></li>
<li><a href="/a/watt">Wattwanderungen nur noch mit Führung</a></li>
<li><a href="/a/schule">Die Inselschule bekommt einen neuen Anbau</a></li>
</ul>
</div>
</div>
</body></html>
`,
    phrases: [
      '# Die Inselfähre',
      'Die Fähre zu den äußeren Inseln',
      'Bei Winterstürmen',
      'Fahrkarten gibt es an Bord',
      'Die neue Fähre soll',
    ],
    absent: ['Meistgelesene Artikel', 'Die Hafenmauer', 'Weitere Artikel', 'Der Deich wird erhöht'],
  },
  /**
   * A WordPress theme's related posts after the post, titled in Portuguese and longer than the
   * post: only the heading's class (`relatedpoststitle`) says what they are, and Readability's
   * pick held them with the post.
   */
  namedRelatedPosts: {
    path: '/content-failures/named-related-posts',
    description: "related posts named only by their heading's class, longer than the post",
    html: `<!DOCTYPE html>
<html lang="pt"><head><meta charset="utf-8"><title>A balsa da ilha</title></head>
<body>
<div id="content">
<article id="post-1" class="postbox post-1 post type-post hentry">
<h1>A balsa da ilha</h1>
<p>A balsa para as ilhas de fora sai duas vezes por dia do velho cais de pedra e para em cada trapiche na ida e de novo na volta, ao fim da tarde.</p>
<p>Nas tempestades de inverno a travessia é cancelada, e os ilhéus buscam o correio de barco, que o capitão do porto separa na sala de espera.</p>
<p>Os bilhetes são vendidos a bordo, e as bicicletas viajam de graça fora das semanas de verão, quando o convés se enche de caminhantes.</p>
</article>
<article id="post-2" class="postbox post-2 post type-post hentry">
<h3 class="relatedpoststitle">Você pode gostar...</h3>
<article class="postbox post-11"><a href="/farol"><img src="/img/farol.jpg" alt=""></a>
<p>O farol do cabo ganhou uma lâmpada nova neste outono, e os pescadores dizem que a luz se vê agora muito mais longe no mar, mesmo nas noites de nevoeiro cerrado que vêm do norte.</p>
</article>
<article class="postbox post-12"><a href="/feira"><img src="/img/feira.jpg" alt=""></a>
<p>A feira do peixe mudou-se para o cais e abre todas as manhãs de sábado, com bancas de sardinha, polvo e marisco vindos dos barcos que chegaram durante a madrugada ao porto.</p>
</article>
<article class="postbox post-13"><a href="/resgate"><img src="/img/resgate.jpg" alt=""></a>
<p>O barco de resgate treina todos os sábados com voluntários da ilha, que aprendem a nadar em mar aberto, a lançar cabos e a socorrer quem cai à água perto das rochas.</p>
</article>
<article class="postbox post-14"><a href="/escola"><img src="/img/escola.jpg" alt=""></a>
<p>A escola da ilha vai ter uma sala nova para as aulas de ciências, paga pela junta e pelos pais, que passaram o verão a angariar fundos com almoços e rifas na praça.</p>
</article>
</article>
</div>
</body></html>
`,
    phrases: ['# A balsa da ilha', 'A balsa para as ilhas de fora', 'Nas tempestades de inverno', 'Os bilhetes são vendidos a bordo'],
    absent: ['Você pode gostar', 'O farol do cabo', 'A feira do peixe', 'O barco de resgate'],
  },
  /**
   * A short post followed by its author's box, titled by a bold line ("Über die Autorin") and
   * named by nothing in its markup: the bio is the densest paragraph of the page, Readability
   * picked it as the article and the post was lost.
   */
  authorBox: {
    path: '/content-failures/author-box',
    description: "a short post and its author's bio",
    html: `<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>Die Inselfähre im Winter</title>
<meta property="og:type" content="article"></head>
<body>
<header><nav><a href="/">Start</a> <a href="/faehren">Fähren</a> <a href="/haefen">Häfen</a> <a href="/inseln">Inseln</a> <a href="/wetter">Wetter und Gezeiten</a> <a href="/kontakt">Kontakt</a></nav></header>
<div class="page">
<div class="post">
<h1>Die Inselfähre im Winter</h1>
<p>Die Fähre fährt im Winter nur noch einmal am Tag.</p>
<p>Bei Sturm bleibt sie ganz im Hafen.</p>
<p>Der Fahrplan hängt am Kiosk aus.</p>
<p>Fahrräder fahren im Winter umsonst mit.</p>
<p>Hunde brauchen eine Leine.</p>
</div>
<div style="font-weight: bold">Über die Autorin</div>
<div class="box">
<div class="photo"><img src="/assets/portrait.jpg" alt=""></div>
<div class="text"><p>Greta Hansen schreibt seit zwanzig Jahren über die Inseln, ihre Häfen und ihre Fähren, hat an der Küste Geografie studiert, leitet im Sommer Wattwanderungen für Schulklassen und sammelt in ihrem Archiv alte Fahrpläne, Postkarten und Fotografien der Reedereien, die sie in Ausstellungen und Vorträgen auf den Inseln zeigt.</p></div>
</div>
</div>
<footer><p>Das Inselblatt erscheint jeden Donnerstag mit Nachrichten aus den Häfen, dem Fahrplan der Woche und den Gezeiten für alle Inseln. Impressum, Datenschutz und Kontakt zur Redaktion finden Sie auf unserer Startseite.</p></footer>
</body></html>
`,
    phrases: ['# Die Inselfähre im Winter', 'Die Fähre fährt im Winter', 'Bei Sturm bleibt sie', 'Der Fahrplan hängt'],
    absent: ['Über die Autorin', 'Greta Hansen'],
  },
  /**
   * A Spanish news story with "read also" lines between its paragraphs (a label and another
   * story's link) and a block of teasers under a Spanish heading ("Noticias relacionadas"), each
   * with its summary, so that it is not link-dense: both were kept with the story.
   */
  readAlso: {
    path: '/content-failures/read-also',
    description: 'read-also lines and related stories titled in Spanish',
    html: `<!DOCTYPE html>
<html lang="es"><head><meta charset="utf-8"><title>El transbordador de las islas</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"El transbordador de las islas"}</script></head>
<body>
<article>
<h1>El transbordador de las islas</h1>
<p>El transbordador a las islas exteriores sale dos veces al día del viejo muelle de piedra y para en cada embarcadero a la ida y a la vuelta.</p>
<p><strong>Lea también:</strong> <a href="/n/faro">El faro de la isla tendrá una luz nueva este verano</a></p>
<p>Con los temporales de invierno se cancela la travesía y los isleños recogen el correo con su propio barco, que el capitán del puerto ordena en la sala de espera.</p>
<p>PUEDES VER: <a href="/n/muelle">Las obras del muelle empiezan en marzo</a></p>
<p>Los billetes se venden a bordo y las bicicletas viajan gratis fuera de las semanas de verano, cuando la cubierta va llena de caminantes.</p>
<section class="bloque">
<h2>Noticias relacionadas</h2>
<div class="nota"><h3><a href="/n/dique">El dique se eleva un metro</a></h3><p>Los vecinos del puerto temen meses de ruido y de polvo mientras duren las obras del dique.</p></div>
<div class="nota"><h3><a href="/n/escuela">La escuela de la isla crece</a></h3><p>El nuevo edificio tendrá dos aulas más y un comedor para los alumnos que llegan en barco.</p></div>
</section>
</article>
</body></html>
`,
    phrases: [
      '# El transbordador de las islas',
      'El transbordador a las islas exteriores',
      'Con los temporales de invierno',
      'Los billetes se venden a bordo',
    ],
    absent: ['Lea también', 'El faro de la isla', 'PUEDES VER', 'Noticias relacionadas', 'El dique se eleva', 'Los vecinos del puerto'],
  },
  /**
   * A news post with what readers never see or read as its text: the printout's header (logo and
   * the page's URL, shown only on paper), a gallery's "Image 1 of 2" counters and bracketed photo
   * credits, and the post's tags (WordPress's `rel="tag"` links under a label). All were kept.
   */
  printGalleryTags: {
    path: '/content-failures/print-gallery-tags',
    description: 'a print-only header, gallery counters, bracketed credits and a tag list',
    html: ferryPage(`<article class="post">
<div class="print-only"><img src="/print-logo.png" alt="print header logo"><span>https://ferry.example/news/the-island-ferry</span></div>
${ferryArticle}
<div class="gallery"><div class="gallery-item"><span class="slidecount">Image 1 of 2</span><figure><img src="/quay.jpg" alt=""><figcaption>The old stone quay at low tide.</figcaption><div class="credit">(Image credit: Harbour Office)</div></figure></div>
<div class="gallery-item"><span class="slidecount">Image 2 of 2</span><figure><img src="/deck.jpg" alt=""><figcaption>Walkers on the summer deck.</figcaption></figure></div></div>
<p>The harbour office publishes the winter timetable in October, and <a href="/tag/timetable" rel="tag">timetable</a> changes are posted on the quay.</p>
<p class="entry-meta"><strong>Tags:</strong> <a href="/tag/ferry" rel="tag">ferry</a>, <a href="/tag/islands" rel="tag">islands</a>, <a href="/tag/quay" rel="tag">quay</a></p>
</article>
`),
    phrases: [
      '# The island ferry',
      ferryLead,
      ferryNext,
      ferryLast,
      'The old stone quay at low tide.',
      'Walkers on the summer deck.',
      'and [timetable](',
    ],
    absent: ['print header logo', 'ferry.example/news', 'Image 1 of 2', 'Image 2 of 2', 'Image credit', 'Tags:', '/tag/ferry'],
  },
  /**
   * A news story whose other stories are written as its own paragraphs: a headline in capitals
   * linked between two paragraphs, and at the end a line "You may also like..." over paragraphs
   * that are each one link. No class or heading names them; both were kept.
   */
  unlabelledStoryLinks: {
    path: '/content-failures/unlabelled-story-links',
    description: 'headlines in capitals and a "You may also like..." run written as paragraphs',
    html: ferryPage(`<article>
${ferryOpening}
<p><strong><a href="/news/lighthouse-gets-a-new-lamp">LIGHTHOUSE GETS A NEW LAMP FOR THE SUMMER</a></strong></p>
<p>${ferryNext}, which the harbour master sorts in the waiting room until the sea calms down.</p>
<p><a href="https://tides.example/table">SEE THE FULL TIDE TABLE</a></p>
<p>${ferryLast}, when the deck is full of walkers and their dogs heading for the dunes.</p>
<p>You may also like...</p>
<p><a href="/news/the-quay-is-rebuilt">The quay is rebuilt stone by stone</a></p>
<p><a href="/news/school-boat">The school boat gets a second crossing</a></p>
</article>
`),
    phrases: ['# The island ferry', ferryLead, ferryNext, 'SEE THE FULL TIDE TABLE', ferryLast],
    absent: ['LIGHTHOUSE GETS', 'You may also like', 'The quay is rebuilt', 'The school boat'],
  },
  /**
   * A short service page closing on a Webflow booking form: the form's two status messages ("Thank you!
   * Your submission has been received!", "Oops! Something went wrong…"), hidden until the form is
   * sent, were read as the page's text.
   */
  formStatusMessages: {
    path: '/content-failures/form-status-messages',
    description: 'a Webflow form with its hidden success and failure messages',
    html: ferryPage(`<main>
${ferryOpening}
<section class="signup"><h2>Book a crossing</h2>
<div class="w-form"><form id="book" name="book"><label for="email">Email</label><input type="email" id="email" name="email"><input type="submit" value="Book"></form>
<div class="w-form-done" tabindex="-1" role="region"><div>Thank you! Your submission has been received!</div></div>
<div class="w-form-fail" tabindex="-1" role="region"><div>Oops! Something went wrong while submitting the form.</div></div></div>
</section>
</main>
`),
    phrases: ['# The island ferry', ferryLead],
    absent: ['Your submission has been received', 'Something went wrong'],
  },
  /**
   * A XenForo thread whose posters have no photo: XenForo draws each as their initial in a box
   * (`avatar--default`), which came out as a stray "F" line above each post.
   */
  letterAvatars: {
    path: '/content-failures/letter-avatars',
    description: 'a thread whose posters show letter avatars',
    html: ferryPage(`<script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"The island ferry"}</script>
<div class="p-body-main"><h1 class="p-title-value">The island ferry</h1>
<div class="block-body js-replyNewMessageContainer">
<article class="message message--post"><div class="message-cell message-cell--user"><a href="/members/felix.12/" class="avatar avatar--m avatar--default avatar--default--dynamic"><span class="avatar-u12-m" role="img" aria-label="felix">F</span></a><h4 class="message-name"><a href="/members/felix.12/">felix</a></h4></div>
<div class="message-cell message-cell--main"><div class="bbWrapper">${ferryLead}, calling at each jetty on the way out and again on the way back in the evening.</div></div></article>
<article class="message message--post"><div class="message-cell message-cell--user"><a href="/members/greta.14/" class="avatar avatar--m avatar--default avatar--default--dynamic"><span class="avatar-u14-m" role="img" aria-label="greta">G</span></a><h4 class="message-name"><a href="/members/greta.14/">greta</a></h4></div>
<div class="message-cell message-cell--main"><div class="bbWrapper">${ferryNext}, which the harbour master sorts in the waiting room until the sea calms down.</div></div></article>
<article class="message message--post"><div class="message-cell message-cell--user"><a href="/members/hans.16/" class="avatar avatar--m"><img src="/data/avatars/m/0/16.jpg" alt="hans"></a><h4 class="message-name"><a href="/members/hans.16/">hans</a></h4></div>
<div class="message-cell message-cell--main"><div class="bbWrapper">${ferryLast}, when the deck is full of walkers and their dogs heading for the dunes.</div></div></article>
</div></div>
`),
    phrases: [ferryLead, ferryNext, ferryLast],
    absent: ['[F]', '[G]', '\nF\n', '\nG\n'],
  },
  ...postChromePages,
} satisfies Record<string, ContentFailurePage>;
