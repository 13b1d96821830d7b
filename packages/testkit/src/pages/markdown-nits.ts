/**
 * Pages shaped like the real ones whose Markdown had small faults (issue 32): MDN's code examples
 * and self-linked headings, a Stack Exchange question, a FAQ in `<details>`, a table without a
 * header row. Each keeps the markup that caused the fault; the texts are the fixture's own.
 */
import { simplePage } from './layout.js';

const prose = (topic: string) =>
  `<p>This page explains ${topic} in enough words to read as the main content of an article, with a second sentence that adds detail and a third that closes the paragraph.</p>`;

/** MDN: `<h2 id><a href="#id">`, and a code example headed by its language name. */
export function mdnCodeHtml(): string {
  return simplePage(
    'Array.prototype.at() - JavaScript | MDN',
    `<main><article>
<h1>Array.prototype.at()</h1>
${prose('the at() method of arrays')}
<section aria-labelledby="syntax"><h2 id="syntax"><a href="#syntax">Syntax</a></h2>
<div class="code-example"><div class="example-header"><span class="language-name">js</span></div><pre class="brush: js notranslate"><code>const fixtureArray = [5, 12, 8];
console.log(fixtureArray.at(-1));</code></pre></div>
${prose('the parameters of at()')}
<h3 id="return_value"><a href="#return_value">Return value</a></h3>
${prose('what at() returns')}
</section>
</article></main>`,
  );
}

/** Stack Exchange: a vote counter beside the post, hidden comment and answer counts, MathJax group markers around its text. */
export function stackExchangeHtml(): string {
  return simplePage(
    'How do fixture groups close under composition? - Mathematics Stack Exchange',
    `<main><div id="question" class="question">
<h1 itemprop="name">How do fixture groups close under composition?</h1>
<div class="post-layout">
<div class="votecell"><div class="js-voting-container"><button class="js-vote-up-btn" aria-label="Up vote"></button>
<div class="js-vote-count" itemprop="upvoteCount" data-value="42">42</div>
<button class="js-vote-down-btn" aria-label="Down vote"></button></div></div>
<div class="postcell"><div class="s-prose js-post-body" itemprop="text">
$\\begingroup$
<p>Fixture groups are sets with a composition that keeps every result inside the set, and I want to know why the composition of two fixture maps stays a fixture map.</p>
<p>The second paragraph of the question gives the definitions used and the attempt made so far.</p>
$\\endgroup$
</div></div>
<span class="d-none" itemprop="commentCount">7</span>
<div class="post-layout--right js-post-comments-component"><p>A comment asks which fixture maps the question means.</p></div>
</div></div>
<h2 data-answercount="3">3 Answers<span style="display:none;" itemprop="answerCount">3</span></h2></main>`,
  );
}

/** A FAQ whose questions are `<summary>`s and whose answers follow them. */
export function faqDetailsHtml(): string {
  return simplePage(
    'Fixture FAQ',
    `<main><h1>Fixture FAQ</h1>
${prose('the questions people ask about the fixture')}
<details open><summary>Does the fixture site need a network?</summary><p>No: the fixture site answers on 127.0.0.1 and needs no network at all.</p></details>
<details><summary>Can a test add pages to it?</summary><p>Yes: a test adds a page as a route of the testkit package.</p></details>
</main>`,
  );
}

/** A table whose column names are its first row of `<td>`s: no `<thead>`, no `<th>`. */
export function headerlessTableHtml(): string {
  return simplePage(
    'Fixture tide table',
    `<main><article><h1>Fixture tide table</h1>
${prose('the tides of the fixture harbour')}
<table><tbody>
<tr><td>Day</td><td>High water</td><td>Low water</td></tr>
<tr><td>Monday</td><td>06:12</td><td>12:30</td></tr>
<tr><td>Tuesday</td><td>06:58</td><td>13:17</td></tr>
</tbody></table>
${prose('how to read the tide table')}
</article></main>`,
  );
}

/** A report with a bordered, padded table, as people print a page to PDF in Chromium (`<th>` centred over left-aligned cells). */
export function printedTableHtml(): string {
  return simplePage(
    'Fixture harbour report',
    `<style>body{font-family:sans-serif} table{border-collapse:collapse} th,td{border:1px solid #999;padding:4px 8px}</style>
<h1>Fixture harbour report</h1>
<p>This report lists the ships that called at the fixture harbour during the week, with their tonnage and berth.</p>
<h2>Ships in port</h2>
<table><thead><tr><th>Ship</th><th>Tonnage</th><th>Berth</th></tr></thead>
<tbody><tr><td>Northern Star</td><td>12,400</td><td>3</td></tr>
<tr><td>Morning Tide</td><td>8,150</td><td>5</td></tr>
<tr><td>Harbour Queen</td><td>21,000</td><td>1</td></tr></tbody></table>
<h2>Pilot notes</h2>
<p>The pilots boarded every ship at the outer buoy and brought each one to its berth before the evening tide turned.</p>`,
  );
}

/**
 * A narrow table without <thead> (a <th> row as its first row) in Chromium's default style, then
 * a smaller heading and two short paragraphs: printed to PDF, the section's lines reach past the
 * table's second column and were once read as rows whose cells a reader had merged.
 */
export function printedTableThenSectionHtml(): string {
  return simplePage(
    'Fixture crew list',
    `<h1>Fixture crew list</h1>
<p>The crew of the pilot boat for the week, by name and role on board.</p>
<table><tr><th>Name</th><th>Role</th></tr><tr><td>Ada</td><td>Captain</td></tr><tr><td>Ben</td><td>Pilot</td></tr></table>
<h3>Shift changes</h3>
<p>Short line.</p>
<p>Another short line follows.</p>`,
  );
}
