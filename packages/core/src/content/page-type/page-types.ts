/** The kinds of page main-content extraction tells apart; each is extracted its own way. */
export type PageType = 'article' | 'forum' | 'product' | 'collection' | 'listing' | 'documentation' | 'service';

export const PAGE_TYPES: readonly PageType[] = ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service'];
