import { contentFailurePages } from '@trawl/testkit';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';
import { removeFormStatusMessages } from '../../src/content/rules/form-status-messages.js';
import { removeLetterAvatars } from '../../src/content/rules/letter-avatars.js';
import { htmlToDocument } from '../../src/index.js';

function content(body: string): Element {
  return parseHtml(`<body><div id="c">${body}</div></body>`).querySelector('#c')!;
}

/** The testkit page's Markdown with `step` disabled: what the page leaked before the rule. */
async function markdownWithout(page: { path: string; html: string }, step: string): Promise<string> {
  const document = await htmlToDocument(page.html, {
    url: `https://ferry.example${page.path}`,
    formats: ['markdown'],
    withoutSteps: [step],
  });
  return document.markdown ?? '';
}

describe('form status messages', () => {
  it("removes Webflow's and Contact Form 7's hidden status messages, not the form's own text", () => {
    const root = content(
      '<h2>Book a crossing</h2><div class="w-form"><form><label>Email</label></form><div class="w-form-done"><div>Thank you!</div></div><div class="w-form-fail"><div>Oops!</div></div></div><div class="wpcf7-response-output" aria-hidden="true"></div>',
    );
    expect(removeFormStatusMessages(root)).toBe(3);
    expect(root.textContent).toBe('Book a crossingEmail');
  });

  it('the testkit page leaks both messages once the step is disabled', async () => {
    const markdown = await markdownWithout(contentFailurePages.formStatusMessages, 'form-status-messages');
    expect(markdown).toContain('Your submission has been received');
    expect(markdown).toContain('Something went wrong');
  });
});

describe('letter avatars', () => {
  it('removes an avatar whose text is an initial, not a photo avatar nor a longer name', () => {
    const root = content(
      '<a class="avatar avatar--s avatar--default"><span role="img">PE</span></a><a class="avatar"><img src="/a.jpg" alt="A"></a><span class="avatar-name">Greta</span><p>The ferry runs twice a day.</p>',
    );
    expect(removeLetterAvatars(root)).toBe(1);
    expect(root.textContent).toBe('GretaThe ferry runs twice a day.');
    expect(root.querySelector('img')).not.toBeNull();
  });

  it('the testkit thread prints each initial once the step is disabled', async () => {
    expect(await markdownWithout(contentFailurePages.letterAvatars, 'letter-avatars')).toMatch(/^\[F\]\(/m);
  });
});
