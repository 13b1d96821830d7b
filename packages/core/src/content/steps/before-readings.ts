import { removeAuthorBoxes } from '../rules/author-boxes.js';
import { removeConsentDialogs } from '../rules/consent-dialogs.js';
import { copyPostBody, keepPostBody } from '../rules/post-body.js';
import { copyCategoryDescriptions, keepCategoryDescriptions } from '../rules/category-descriptions.js';
import { copyIntroBlock, keepIntro } from '../rules/docs-intro.js';
import { revealHiddenTeaserSummaries } from '../rules/hidden-teaser-links.js';
import { removeUtilityHiddenBlocks } from '../rules/hidden-utility.js';
import { removeFormStatusMessages } from '../rules/form-status-messages.js';
import { unwrapContentNoscripts } from '../rules/noscript.js';
import { removePrintOnlyBlocks } from '../rules/print-only.js';
import { revealTabPanels } from '../rules/tab-panels.js';
import { type ContentStep, EVERY_KIND, type KeepStep, kindsBut } from './step.js';

/** Steps on the whole body before the two readings: `tree`, then `page`, then the `keep` copies. */
export const BEFORE_READINGS: readonly ContentStep[] = [
  {
    name: 'consent-dialogs',
    phase: 'tree',
    pageKinds: EVERY_KIND,
    about:
      'Removes consent and cookie dialogs (consent managers’ containers, short overlays asking for cookie consent), whose dense text can outscore a short article.',
    run: (root) => removeConsentDialogs(root),
  },
  {
    name: 'print-only-blocks',
    phase: 'tree',
    pageKinds: EVERY_KIND,
    about:
      'Removes blocks a stylesheet shows only on paper (`visible-print`, `print-header`, `d-none d-print-block`): the printout’s logo, URL and copyright.',
    run: (root) => removePrintOnlyBlocks(root),
  },
  {
    name: 'form-status-messages',
    phase: 'tree',
    pageKinds: EVERY_KIND,
    about:
      'Removes form builders’ status messages, hidden until the form is sent (Webflow’s “Thank you! Your submission has been received!”, “Oops! Something went wrong…”).',
    run: (root) => removeFormStatusMessages(root),
  },
  {
    name: 'content-noscripts',
    phase: 'tree',
    pageKinds: EVERY_KIND,
    about: 'Unwraps a <noscript> that holds the page itself (Discourse serves its posts there), so the readings see it.',
    run: (root) => unwrapContentNoscripts(root),
  },
  {
    name: 'tab-panels',
    phase: 'tree',
    pageKinds: EVERY_KIND,
    about: 'Reveals hidden tab panels: a tabbed page holds its content in every panel, not only the open one.',
    run: (root) => revealTabPanels(root),
  },
  {
    name: 'utility-hidden-blocks',
    phase: 'page',
    pageKinds: ['collection'],
    about: 'Removes the quick-view drawers and comparison tables a theme hides per card: each product’s whole page.',
    run: (root) => removeUtilityHiddenBlocks(root),
  },
  {
    name: 'hidden-teaser-summaries',
    phase: 'page',
    pageKinds: EVERY_KIND,
    about: 'Reveals teaser summaries written as a second, aria-hidden link to the story.',
    run: (root) => revealHiddenTeaserSummaries(root),
  },
  {
    name: 'author-boxes',
    phase: 'page',
    // A thread's profile boxes are thread-chrome's; a book's page (a product, or a grid of its
    // editions) presents its author; a listing's teasers name theirs.
    pageKinds: kindsBut('forum', 'product', 'collection', 'listing'),
    about:
      'Removes author boxes (photo, name, bio) before the readings, found by their names or their title line (“About the author”, “Über den Autor”): on a short post Readability picks the bio.',
    run: (root) => removeAuthorBoxes(root),
  },
  {
    name: 'docs-intro',
    phase: 'keep',
    pageKinds: ['documentation'],
    about: 'Keeps a docs page’s introduction that sits beside its body in the H1’s block (MDN’s), which Readability leaves out.',
    save: (body, page) => copyIntroBlock(body, page.pageHeading),
    restore: keepIntro,
  } satisfies KeepStep<Element | null>,
  {
    name: 'category-descriptions',
    phase: 'keep',
    pageKinds: ['collection', 'product'],
    about: 'Keeps a shop’s category description, which themes place below the grid where neither reading looks.',
    save: (body) => copyCategoryDescriptions(body),
    restore: keepCategoryDescriptions,
  } satisfies KeepStep<Element[]>,
  {
    name: 'post-body',
    phase: 'keep',
    everyReading: true,
    pageKinds: EVERY_KIND,
    about: 'Gives back a blog platform’s one marked post body (entry-content, post-body, articleBody…) when the content lost most of it.',
    save: (body) => copyPostBody(body),
    restore: keepPostBody,
  } satisfies KeepStep<Element | null>,
];
