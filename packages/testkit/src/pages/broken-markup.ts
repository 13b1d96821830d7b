/**
 * Pages whose markup is broken the ways real pages break it, each served at its `path`: a parser
 * that does not build the tree as browsers do (the HTML standard's tree construction) loses their
 * text or crashes on them. `phrases` are the body's sentences the Markdown must hold, in order.
 */
export interface BrokenMarkupPage {
  path: string;
  /** What is broken, for test names. */
  description: string;
  html: string;
  phrases: string[];
}

const harbourLead = 'The harbour master opens the lock gates two hours before high water';
const harbourNext = 'Boats wait in the outer basin until the green light shows on the pier head';

export const brokenMarkupPages = {
  /** No `</head>`, no `<body>`: the first heading ends the head; everything after is the body. */
  noBodyTag: {
    path: '/broken/no-body-tag',
    description: 'a page with no </head> and no <body> tag',
    html: `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Lock gates</title>
<link rel="stylesheet" href="/style.css">
<h1>Lock gates at the harbour</h1>
<p>${harbourLead}, and closes them at the turn of the tide.</p>
<p>${harbourNext}.</p>
</html>
`,
    phrases: ['Lock gates at the harbour', harbourLead, harbourNext],
  },
  /**
   * An unclosed attribute quote in a `<meta http-equiv>`: the value runs on to the next quote,
   * swallowing `</head>` and `<body>`; the content after it must still be the body.
   */
  brokenMetaQuote: {
    path: '/broken/meta-quote',
    description: 'an unclosed quote in a <meta http-equiv> of the head',
    html: `<!DOCTYPE html>
<html lang="en">
<head>
<title>Tide tables</title>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8>
</head>
<body>
<div class="page">
<h1>Tide tables for the week</h1>
<p>High water on Monday is at a quarter past six in the morning and again in the evening.</p>
<p>The spring tides of Thursday raise the water a metre above the pier steps.</p>
</div>
</body>
</html>
`,
    phrases: ['Tide tables for the week', 'High water on Monday is at a quarter past six', 'The spring tides of Thursday raise the water'],
  },
  /**
   * Text and a paragraph standing inside a `<table>` but in no cell: browsers move them out,
   * before the table ("foster parenting"), and the table keeps only its rows.
   */
  tableStrayContent: {
    path: '/broken/table-stray-content',
    description: 'a table with text and a paragraph outside its cells',
    html: `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Mooring fees</title></head>
<body>
<h1>Mooring fees</h1>
<table>
  Fees are charged per night and per metre of hull length.
  <p>Visitors pay at the harbour office before leaving.</p>
  <tr><th>Length</th><th>Per night</th></tr>
  <tr><td>Up to 8 m</td><td>18 euros</td></tr>
  <tr><td>8 to 12 m</td><td>26 euros</td></tr>
</table>
<p>Winter moorings are let by the month.</p>
</body></html>
`,
    phrases: [
      'Fees are charged per night and per metre of hull length.',
      'Visitors pay at the harbour office before leaving.',
      '| Up to 8 m | 18 euros |',
      'Winter moorings are let by the month.',
    ],
  },
  /**
   * Formatting tags closed out of order and left open across paragraphs: browsers close and
   * reopen them (the adoption agency), so every paragraph is its own block.
   */
  misnestedFormatting: {
    path: '/broken/misnested-formatting',
    description: 'formatting tags closed out of order and left open across paragraphs',
    html: `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Harbour rules</title></head>
<body>
<h1>Harbour rules</h1>
<p><b>Speed limit <i>three knots</b> inside the breakwater</i> at all times.</p>
<b><p>Keep clear of the fuel berth</p><p>Moor bow to the pontoon</b> and fender both sides.</p>
<p><i>Quiet hours start at ten in the evening.<p>Engines may not run at night.</i></p>
</body></html>
`,
    phrases: [
      'Speed limit',
      'three knots',
      'inside the breakwater',
      'Keep clear of the fuel berth',
      'Moor bow to the pontoon',
      'and fender both sides.',
      'Quiet hours start at ten in the evening.',
      'Engines may not run at night.',
    ],
  },
  /** Two doctypes (a shop platform's template opens with two): the second is ignored. */
  twoDoctypes: {
    path: '/broken/two-doctypes',
    description: 'a page that opens with two <!DOCTYPE html>',
    html: `<!DOCTYPE html>
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Chandlery</title></head>
<body>
<h1>The harbour chandlery</h1>
<p>Rope, shackles and charts are sold at the chandlery on the east quay.</p>
<p><a href="/broken/no-body-tag">Lock gates</a> and <a href="/broken/meta-quote">tide tables</a>.</p>
</body></html>
`,
    phrases: ['The harbour chandlery', 'Rope, shackles and charts are sold at the chandlery on the east quay.', 'Lock gates'],
  },
} satisfies Record<string, BrokenMarkupPage>;
