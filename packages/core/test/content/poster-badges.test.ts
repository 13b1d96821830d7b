import { describe, expect, it } from 'vitest';
import { buildHtmlDocument } from '../../src/content/assembly/build-document.js';
import { resolveScrapeOptions } from '../../src/options.js';

function markdownOf(html: string, url: string): string {
  return buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
}

const post = (author: string, badge: string, body: string) =>
  `<div class="post"><div class="postleft"><dl><dt><a href="/profile/${author}">${author}</a></dt><dd><span class="threadstarter">${badge}</span></dd></dl></div>
<div class="postright"><div class="postmsg"><p>${body}</p></div></div><div class="postfootleft"><p><span>Offline</span></p></div></div>`;

describe('poster badges on threads', () => {
  it("drops presence and thread-starter labels beside a poster's name, and keeps the name and the post", () => {
    const html = `<html><head><title>Kernel panic after update</title></head><body><div id="brdmain"><h1>Kernel panic after update</h1>
${post('quayside', 'Original Poster', 'After the last update my laptop stops at a kernel panic before the login screen appears.')}
${post('harbourmaster', 'Online', 'Boot the previous kernel from the menu and post the journal of the failed boot here.')}
${post('quayside', 'OP', 'The previous kernel boots fine, the journal shows the graphics driver failing to load.')}
</div></body></html>`;
    const markdown = markdownOf(html, 'https://bbs.example.org/viewtopic.php?id=309936');
    for (const dropped of ['Original Poster', 'Offline', 'Online', '\nOP']) expect(markdown).not.toContain(dropped);
    for (const kept of ['quayside', 'harbourmaster', 'stops at a kernel panic', 'post the journal', 'graphics driver'])
      expect(markdown).toContain(kept);
  });

  it('keeps a sentence that mentions being offline', () => {
    const html = `<html><head><title>Sync question</title></head><body><div id="brdmain"><h1>Sync question</h1>
${post('quayside', 'OP', 'Does the app keep my notes when I am offline for a week?')}</div></body></html>`;
    const markdown = markdownOf(html, 'https://bbs.example.org/viewtopic.php?id=5');
    expect(markdown).toContain('when I am offline for a week');
  });
});
