/** The page formats read from the parsed page without a model (v2's format names). */
export const PAGE_PROFILES = ['product', 'menu', 'branding', 'audio', 'video'] as const;
export type PageProfileName = (typeof PAGE_PROFILES)[number];
