import type { ContentFailurePage } from './content-failures.js';

/** A German blog post of three paragraphs about the island ferry, for the pages below. */
const faehreLead = 'Die Fähre zu den äußeren Inseln fährt zweimal am Tag vom alten Steinkai ab';
const faehreNext = 'Bei Wintersturm fällt die Überfahrt aus, und die Insulaner holen ihre Post mit dem eigenen Boot';
const faehreLast = 'Fahrkarten gibt es an Bord, und Fahrräder fahren außerhalb der Sommerwochen umsonst mit';

const faehrePost = `<h1 class="entry-title">Die Inselfähre</h1>
<p>${faehreLead} und hält an jedem Anleger, auf der Hinfahrt wie am Abend auf dem Rückweg.</p>
<p>${faehreNext}, die der Hafenmeister im Warteraum sortiert, bis sich die See beruhigt hat.</p>
<p>${faehreLast}, wenn das Deck voller Wanderer und ihrer Hunde auf dem Weg zu den Dünen ist.</p>`;

const ARTICLE_TYPE = '<meta property="og:type" content="article">';
const NEWS_ARTICLE_TYPE =
  '<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Die Inselfähre"}</script>';

/** The page around the post: a German document titled for the ferry, `head` declaring its type. */
const faehrePage = (head: string, body: string) => `<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>Die Inselfähre</title>
${head}</head>
${body}
</html>
`;

/** Pages whose main content kept what a blog platform or a caption adds to a post (issue #30, precision). */
export const postChromePages = {
  /**
   * A WordPress post with Jetpack's like bar ("Gefällt mir: Wird geladen …"), WP-PostRatings'
   * stars and a classic theme's post footer ("Dieser Beitrag wurde am … veröffentlicht"), all
   * inside the post's container, named by nothing Readability or the region reading knew.
   */
  blogPostChrome: {
    path: '/content-failures/blog-post-chrome',
    description: 'a blog platform’s like bar, ratings and post footer',
    html: faehrePage(
      ARTICLE_TYPE,
      `<body class="post-template-default single single-post">
<div id="page"><div id="content">
<div class="post" id="post-12">
${faehrePost}
<span class="post-ratings" id="post-ratings-12"><strong>War der Artikel nützlich?</strong> <img src="/img/stars.gif" alt="1 Stern"> (Noch keine Bewertungen)</span>
<div class="sharedaddy sd-block sd-like"><h3 class="sd-title">Gefällt mir:</h3><div class="likes-widget-placeholder"><span class="loading">Wird geladen …</span></div></div>
<p class="postmetadata alt"><small>Dieser Beitrag wurde am Mittwoch, 8. Januar 2020 um 10:15 veröffentlicht und ist abgelegt unter Fähren. Kommentare und Pings sind geschlossen.</small></p>
</div>
</div></div>
</body>`,
    ),
    phrases: ['# Die Inselfähre', faehreLead, faehreNext, faehreLast],
    absent: ['War der Artikel nützlich', 'Noch keine Bewertungen', 'Gefällt mir', 'Wird geladen', 'Dieser Beitrag wurde am'],
  },
  /** A news story whose photos carry their credits in German and Spanish ("Foto: …", "Imagen: …") beside their captions. */
  foreignPhotoCredits: {
    path: '/content-failures/foreign-photo-credits',
    description: 'photo credits written in German and Spanish',
    html: faehrePage(
      NEWS_ARTICLE_TYPE,
      `<body>
<article>
${faehrePost}
<figure><img src="/img/faehre.jpg" alt=""><figcaption>Die Fähre am Steinkai. <span>Foto: Greta Hansen</span></figcaption></figure>
<figure><img src="/img/muelle.jpg" alt=""><figcaption>Imagen: Télam</figcaption></figure>
<p><em>Titelbild: Hafenamt der Inseln</em></p>
</article>
</body>`,
    ),
    phrases: ['# Die Inselfähre', faehreLead, faehreNext, faehreLast, 'Die Fähre am Steinkai.'],
    absent: ['Greta Hansen', 'Télam', 'Titelbild'],
  },
  /**
   * A post whose "Auch interessant:" line introduces a list of other posts' links: the colon
   * makes the list one the text introduces, so link-dense-blocks keeps both, and the label stayed
   * as a line of the post. (The list stays too: only the label is a rule's.)
   */
  orphanRelatedLabel: {
    path: '/content-failures/orphan-related-label',
    description: 'a related label line before a list of links',
    html: faehrePage(
      ARTICLE_TYPE,
      `<body>
<article class="post"><div class="entry-content">
${faehrePost}
<p><strong>Auch interessant:</strong></p>
<ul><li><a href="/leuchtturm">Der Leuchtturm bekommt ein neues Licht</a></li><li><a href="/deich">Der Deich wird erhöht</a></li><li><a href="/schule">Die Inselschule wächst</a></li></ul>
<p>Der Fahrplan für den Sommer erscheint im April und hängt dann am Kiosk am Kai aus, zusammen mit den Gezeiten.</p>
</div></article>
</body>`,
    ),
    phrases: ['# Die Inselfähre', faehreLead, faehreNext, faehreLast, 'Der Fahrplan für den Sommer'],
    absent: ['Auch interessant'],
  },
} satisfies Record<string, ContentFailurePage>;
