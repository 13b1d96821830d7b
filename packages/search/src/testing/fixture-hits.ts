import type { StandInHit } from './stand-in-server.js';

/**
 * Hits pointing at real pages of the testkit fixture site (`@trawl/testkit`), so a search through
 * a stand-in scrapes real pages. Give the site's origin (`site.url`).
 */
export function fixtureHits(siteUrl: string): StandInHit[] {
  return [
    {
      url: `${siteUrl}/articles/boilerplate`,
      title: 'Harbour pilots guide ships home',
      description: 'A news article about the harbour pilots, wrapped in boilerplate.',
    },
    { url: `${siteUrl}/articles/minimal`, title: 'Minimal page', description: 'One paragraph of text and nothing else.' },
    { url: `${siteUrl}/blog/1`, title: 'Blog post 1', description: 'Notes from the harbour, part 1.' },
    { url: `${siteUrl}/blog/2`, title: 'Blog post 2', description: 'Notes from the harbour, part 2.' },
    { url: `${siteUrl}/orphan`, title: 'Orphan page', description: 'A page linked from nowhere.' },
    { url: `${siteUrl}/blog/3`, title: 'Blog post 3', description: 'Notes from the harbour, part 3.' },
  ];
}
