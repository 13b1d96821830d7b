/**
 * The shapes of v2's `product`, `menu` and `branding` formats, as the 4.42 SDK's
 * `src/v2/types.ts` declares them (ProductProfile, MenuProfile, BrandingProfile).
 */

export interface Price {
  amount: number;
  currency?: string;
  formatted?: string;
}

export interface Availability {
  inStock: boolean;
  text?: string;
}

export interface ImageRef {
  url: string;
  alt?: string;
}

export interface ProductVariant {
  id?: string;
  sku?: string;
  title?: string;
  values?: Record<string, unknown>;
  price?: Price;
  sale?: { originalPrice: Price };
  availability: Availability;
  images?: ImageRef[];
}

export interface ProductProfile {
  title: string;
  brand?: string;
  category?: string;
  url: string;
  description?: string;
  variants: ProductVariant[];
}

export interface MenuItem {
  id: string;
  name: string;
  description?: string;
  images: ImageRef[];
  price?: Price;
  availability: Availability;
  dietary: string[];
  calories?: number;
  optionGroups: unknown[];
  identifiers: { merchantItemId?: string };
  url?: string;
  sourceUrl: string;
}

export interface MenuSection {
  id: string;
  name: string;
  description?: string;
  items: MenuItem[];
}

export interface MenuProfile {
  isMenu: boolean;
  confidence: number;
  merchant: { name: string; type?: string | null; location?: unknown };
  currency?: string | null;
  sections: MenuSection[];
  sourceUrl: string;
}

export interface BrandingProfile {
  colorScheme?: 'light' | 'dark';
  brandName?: string;
  logo?: string | null;
  fonts?: Array<{ family: string; role?: string }>;
  colors?: Record<string, string>;
  typography?: {
    fontFamilies?: Record<string, string>;
    fontStacks?: Record<string, string[]>;
    fontSizes?: Record<string, string>;
  };
  spacing?: { borderRadius?: string };
  components?: { buttonPrimary?: Record<string, string> };
  images?: { logo?: string | null; favicon?: string | null; ogImage?: string | null };
}

// The names live in a leaf module, so the scrape options can list them without loading content/.
export { PAGE_PROFILES, type PageProfileName } from '../../page-profiles.js';
