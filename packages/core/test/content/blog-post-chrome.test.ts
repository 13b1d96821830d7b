import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';
import { removeBlogPostChrome } from '../../src/content/rules/blog-post-chrome.js';

const post = `<p>The ferry to the outer islands runs twice a day from the old stone quay, calling at each jetty on the way out and again in the evening.</p>
<p>In winter storms the crossing is cancelled and the islanders fetch their post by boat, which the harbour master sorts in the waiting room.</p>`;

function content(body: string): Element {
  return parseHtml(`<body><div id="c">${body}</div></body>`).querySelector('#c')!;
}

describe('blog post chrome', () => {
  it("removes a platform's like bar, rating stars and post footer, and keeps the post", () => {
    const root = content(`${post}
<div class="sharedaddy sd-block sd-like"><h3>Like this:</h3><span class="loading">Loading...</span></div>
<div id="likes-other-gravatars"><div class="likes-text">2 bloggers like this</div></div>
<span class="post-ratings">Was this useful? (No ratings yet)</span>
<div class="entry-utility">This entry was posted in Ferries. Bookmark the permalink.</div>`);
    expect(removeBlogPostChrome(root)).toBe(4);
    expect(root.textContent).toContain('harbour master');
    for (const gone of ['Like this', 'bloggers like', 'No ratings', 'This entry was posted']) expect(root.textContent).not.toContain(gone);
  });

  it('keeps a block so named that holds the post itself', () => {
    const root = content(`<div class="postmetadata">${post}${post}${post}</div>`);
    expect(removeBlogPostChrome(root)).toBe(0);
    expect(root.textContent).toContain('harbour master');
  });
});
