import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';
import { removeAuthorBoxes } from '../../src/content/rules/author-boxes.js';
import { removeReadAlsoLines } from '../../src/content/rules/read-also-lines.js';
import { removeRelatedLabelLines } from '../../src/content/rules/related-label-lines.js';
import { removeRelatedSections } from '../../src/content/rules/related-sections.js';

const story = `<p>The ferry to the outer islands runs twice a day from the old stone quay, calling at each jetty on the way out and again in the evening.</p>
<p>In winter storms the crossing is cancelled and the islanders fetch their post by boat, which the harbour master sorts in the waiting room.</p>
<p>Tickets are sold on board, and bicycles travel free outside the summer weeks, when the deck is full of walkers and their dogs.</p>`;

function content(body: string): Element {
  return parseHtml(`<body><div id="c">${body}</div></body>`).querySelector('#c')!;
}

describe('read-also lines', () => {
  it('removes a label and another story’s link, in any of the listed languages', () => {
    const root = content(
      `${story}<p><strong>Lesen Sie auch:</strong> <a href="/a">Der Leuchtturm bekommt ein neues Licht</a></p><p>Read more: <a href="/b">The lifeboat drills every Saturday</a></p><p>Czytaj też: <a href="/c">Nowy prom na wiosnę</a></p>`,
    );
    expect(removeReadAlsoLines(root)).toBe(3);
    expect(root.textContent).not.toContain('Leuchtturm');
    expect(root.textContent).not.toContain('lifeboat');
    expect(root.textContent).toContain('harbour master');
  });

  it('keeps prose that only starts with such a word, and a label without a link', () => {
    const root = content(
      `${story}<p>Read more: the harbour office posts the <a href="/t">timetable</a> on its door every Monday before the first boat leaves.</p><p>See also: the notes below.</p>`,
    );
    expect(removeReadAlsoLines(root)).toBe(0);
    expect(root.textContent).toContain('on its door');
  });
});

describe('related sections titled in other languages', () => {
  it('removes the block a related heading opens, not a section of the text', () => {
    const root = content(
      `${story}<h2>Weitere Informationen</h2><p>Der Hafen ist im Winter von acht bis sechzehn Uhr geöffnet.</p><section><h2>Das könnte Sie auch interessieren</h2><p>Der Deich wird erhöht: was die Arbeiten bedeuten.</p></section><div><h3>À lire aussi</h3><p>Le phare change de lumière.</p></div>`,
    );
    removeRelatedSections(root);
    expect(root.textContent).toContain('Weitere Informationen');
    expect(root.textContent).toContain('sechzehn Uhr');
    expect(root.textContent).not.toContain('Der Deich');
    expect(root.textContent).not.toContain('Le phare');
  });
});

describe('comment sections titled in other languages', () => {
  const comments = `<section><h3>Schreibe einen Kommentar</h3><p>Deine E-Mail-Adresse wird nicht veröffentlicht.</p></section>`;
  it('removes them from a post, not from a thread, where the replies are the content', () => {
    const post = content(`${story}${comments}`);
    removeRelatedSections(post, undefined, true);
    expect(post.textContent).not.toContain('E-Mail-Adresse');
    expect(post.textContent).toContain('harbour master');
    const thread = content(`${story}${comments}`);
    removeRelatedSections(thread);
    expect(thread.textContent).toContain('E-Mail-Adresse');
  });
});

describe('author boxes', () => {
  const bio =
    '<p>Greta Hansen writes about the islands, their harbours and their ferries, and keeps an archive of old timetables and postcards.</p>';
  it('removes a box named as an author bio and a box titled "About the author" with its title', () => {
    const named = content(`${story}<div class="author-bio">${bio}</div>`);
    expect(removeAuthorBoxes(named)).toBe(1);
    expect(named.textContent).not.toContain('Greta Hansen');
    const titled = content(`${story}<div><b>Über den Autor</b></div><div class="box">${bio}</div>`);
    expect(removeAuthorBoxes(titled)).toBe(1);
    expect(titled.textContent).not.toContain('Über den Autor');
    expect(titled.textContent).not.toContain('Greta Hansen');
    expect(titled.textContent).toContain('harbour master');
  });

  it('keeps a field labelled "Autor" that is no heading, and an author page whose bio is the page', () => {
    const field = content(`${story}<p>Autor</p><p>Greta Hansen</p>`);
    expect(removeAuthorBoxes(field)).toBe(0);
    const page = content(`<div class="author-bio">${bio}${bio}</div><p>Contact.</p>`);
    expect(removeAuthorBoxes(page)).toBe(0);
  });
});

describe('related label lines', () => {
  it('removes a line that is only a related label, with a wrapper holding nothing else', () => {
    const root = content(
      `${story}<p><strong>Auch interessant:</strong></p><ul><li><a href="/a">Der Leuchtturm bekommt ein neues Licht</a></li></ul><h2>Related posts</h2><p>Zum Weiterlesen</p><div class="box"><h3>Ähnliche Beiträge</h3></div>`,
    );
    expect(removeRelatedLabelLines(root)).toBe(4);
    expect(root.querySelector('.box')).toBeNull();
    for (const label of ['Auch interessant', 'Ähnliche Beiträge', 'Related posts', 'Zum Weiterlesen'])
      expect(root.textContent).not.toContain(label);
    expect(root.textContent).toContain('harbour master');
  });

  it('keeps a line that goes on after the label, a section heading of the page, and a label over one headline', () => {
    const root = content(
      `${story}<p>Leggi anche</p><h2><a href="/faro">Il faro avrà una luce nuova</a></h2><h2>Weitere Informationen</h2><p>Auch interessant ist der alte Leuchtturm am Kai.</p><h2>Mehr zum Thema Fähren im Winter erfahren Sie im Hafenamt, das montags bis freitags geöffnet hat.</h2>`,
    );
    expect(removeRelatedLabelLines(root)).toBe(0);
    expect(root.textContent).toContain('Leggi anche');
    expect(root.textContent).toContain('Weitere Informationen');
    expect(root.textContent).toContain('alte Leuchtturm');
  });
});
