/**
 * The `branding` format without a model: colours, fonts, sizes and the primary button from the
 * page's CSS (its `<style>` blocks and `style` attributes; custom properties named for their role
 * first, then the rules for body, links, headings and buttons, then the most used colours), the
 * logo, favicon and social image from the page, the brand's name from its metadata. Stylesheets
 * the page links to are not fetched: a scrape reads the page it loads. Pure over a parsed page.
 */
import type { HtmlDocument } from '../dom/parse.js';
import { httpUrlWithoutFragment } from '../assembly/urls.js';
import { colorOf, isGrey, luminance } from './colors.js';
import { cssRules, MAX_CSS_CHARS, type CssRule } from './css-rules.js';
import { isOfType, nodesOf, text, type LdNode } from './json-ld.js';
import type { BrandingProfile } from './types.js';

/** Colour roles and the words a custom property's name uses for them, most specific first. */
const COLOR_ROLES: Array<[role: string, words: RegExp]> = [
  ['primary', /(?:^|-)(?:primary|brand|main)(?:-|$)/],
  ['secondary', /(?:^|-)secondary(?:-|$)/],
  ['accent', /(?:^|-)(?:accent|highlight)(?:-|$)/],
  ['background', /(?:^|-)(?:background|bg|surface)(?:-|$)/],
  ['textPrimary', /(?:^|-)(?:text|foreground|fg|body-color)(?:-|$)/],
  ['link', /(?:^|-)link(?:-|$)/],
  ['success', /(?:^|-)success(?:-|$)/],
  ['warning', /(?:^|-)warning(?:-|$)/],
  ['error', /(?:^|-)(?:error|danger)(?:-|$)/],
];
const GENERIC_FONTS = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-sans-serif',
  'ui-serif',
  'ui-monospace',
  'inherit',
  'initial',
  'unset',
  '-apple-system',
  'blinkmacsystemfont',
  'segoe ui',
  'helvetica neue',
  'arial',
  'helvetica',
  'roboto',
  'apple color emoji',
  'segoe ui emoji',
]);
const ORGANIZATION_TYPES = new Set([
  'Organization',
  'Corporation',
  'LocalBusiness',
  'Brand',
  'WebSite',
  'Store',
  'OnlineStore',
  'Restaurant',
]);
const MAX_INLINE_STYLES = 2_000;

export function readBranding(
  document: HtmlDocument,
  baseUrl: string,
  nodes: readonly LdNode[],
  meta: ReadonlyMap<string, string>,
): BrandingProfile {
  const rules = pageRules(document);
  const variables = customProperties(rules);
  const resolve = (value: string | undefined) => (value ? resolveVariables(value, variables) : undefined);
  const ruleValue = (selector: RegExp, property: string) => resolve(findDeclaration(rules, selector, property));

  const colors: Record<string, string> = {};
  for (const [name, value] of variables) {
    const role = COLOR_ROLES.find(([, words]) => words.test(name))?.[0];
    const color = role && colorOf(resolve(value) ?? '');
    if (role && color && !colors[role]) colors[role] = color;
  }
  const setColor = (role: string, value: string | undefined) => {
    const color = value && colorOf(value);
    if (color && !colors[role]) colors[role] = color;
  };
  setColor('background', ruleValue(/^(?:html|body|:root)$/, 'background-color') ?? ruleValue(/^(?:html|body)$/, 'background'));
  setColor('textPrimary', ruleValue(/^(?:html|body|:root)$/, 'color'));
  setColor('link', ruleValue(/^a(?::link)?$/, 'color'));
  const button = buttonPrimary(rules, resolve);
  setColor('primary', meta.get('theme-color') ?? button?.background);
  const [mostUsed, secondMost] = brandColors(rules, resolve).filter((color) => color !== colors.primary);
  setColor('primary', mostUsed);
  setColor('secondary', colors.primary === mostUsed ? secondMost : mostUsed);

  const typography = fontsOf(document, rules, ruleValue);
  const background = colors.background;
  const scheme = meta.get('color-scheme')?.trim();
  const colorScheme = scheme === 'dark' || (!scheme?.startsWith('light') && background && luminance(background) < 0.2) ? 'dark' : 'light';
  const logo = logoOf(document, baseUrl, nodes) ?? absolute(meta.get('og:logo'), baseUrl);
  const favicon = faviconOf(document, baseUrl);
  const ogImage = absolute(meta.get('og:image'), baseUrl);
  const brandName = meta.get('og:site_name') ?? meta.get('application-name') ?? brandNameOf(document, nodes);
  const borderRadius = button?.borderRadius;

  return {
    colorScheme,
    ...(brandName ? { brandName } : {}),
    logo: logo ?? null,
    ...(typography.fonts.length ? { fonts: typography.fonts } : {}),
    ...(Object.keys(colors).length ? { colors } : {}),
    typography: typography.typography,
    ...(borderRadius ? { spacing: { borderRadius } } : {}),
    ...(button ? { components: { buttonPrimary: button } } : {}),
    images: { logo: logo ?? null, favicon: favicon ?? null, ogImage: ogImage ?? null },
  };
}

/** The rules of every `<style>` block, then each `style` attribute as a rule of its element's tag. */
function pageRules(document: HtmlDocument): CssRule[] {
  let css = '';
  for (const style of Array.from(document.querySelectorAll('style'))) {
    css += `${style.textContent ?? ''}\n`;
    if (css.length > MAX_CSS_CHARS) break;
  }
  const rules = cssRules(css);
  for (const element of Array.from(document.querySelectorAll('[style]')).slice(0, MAX_INLINE_STYLES)) {
    const inline = cssRules(`${element.tagName.toLowerCase()}{${element.getAttribute('style') ?? ''}}`)[0];
    if (inline) rules.push(inline);
  }
  return rules;
}

/** Custom properties declared on :root, html or body (the page-wide ones), by name without the dashes. */
function customProperties(rules: readonly CssRule[]): Map<string, string> {
  const variables = new Map<string, string>();
  for (const rule of rules) {
    if (!/(?:^|,)\s*(?::root|html|body)\b/.test(rule.selector)) continue;
    for (const [name, value] of rule.declarations)
      if (name.startsWith('--') && !variables.has(name.slice(2))) variables.set(name.slice(2), value);
  }
  return variables;
}

/** `var(--brand)` (with a fallback, nested up to a few levels) replaced by its value. */
function resolveVariables(value: string, variables: ReadonlyMap<string, string>, depth = 0): string {
  if (depth > 5 || !value.includes('var(')) return value;
  const replaced = value.replace(
    /var\(\s*--([\w-]+)\s*(?:,\s*([^()]*))?\)/g,
    (_whole, name: string, fallback: string | undefined) => variables.get(name) ?? fallback ?? '',
  );
  return resolveVariables(replaced, variables, depth + 1);
}

/** The value of `property` in the first rule whose selector list has one matching `selector`. */
function findDeclaration(rules: readonly CssRule[], selector: RegExp, property: string): string | undefined {
  for (const rule of rules) {
    const value = rule.declarations.get(property);
    if (value !== undefined && rule.selector.split(',').some((part) => selector.test(part.trim()))) return value;
  }
  return undefined;
}

function buttonPrimary(
  rules: readonly CssRule[],
  resolve: (value: string | undefined) => string | undefined,
): Record<string, string> | undefined {
  const buttons = rules.filter(
    (rule) => /(?:^|[\s,.])(?:button|btn|cta)\b/i.test(rule.selector) && !/:(?:hover|focus|active|disabled)/.test(rule.selector),
  );
  const rule =
    buttons.find((entry) => /primary|cta/i.test(entry.selector)) ??
    buttons.find((entry) => entry.declarations.has('background') || entry.declarations.has('background-color'));
  if (!rule) return undefined;
  const background = colorOf(resolve(rule.declarations.get('background-color') ?? rule.declarations.get('background')) ?? '');
  const textColor = colorOf(resolve(rule.declarations.get('color')) ?? '');
  const borderColor = colorOf(resolve(rule.declarations.get('border-color') ?? rule.declarations.get('border')) ?? '');
  const borderRadius = resolve(rule.declarations.get('border-radius'));
  const out = {
    ...(background ? { background } : {}),
    ...(textColor ? { textColor } : {}),
    ...(borderColor ? { borderColor } : {}),
    ...(borderRadius ? { borderRadius } : {}),
  };
  return Object.keys(out).length ? out : undefined;
}

/** The colours (not greys) the page's rules use, most used first. */
function brandColors(rules: readonly CssRule[], resolve: (value: string | undefined) => string | undefined): string[] {
  const counts = new Map<string, number>();
  for (const rule of rules)
    for (const [name, value] of rule.declarations) {
      if (name.startsWith('--') || !/color|background|border|fill|stroke/.test(name)) continue;
      const color = colorOf(resolve(value) ?? '');
      if (color && !isGrey(color)) counts.set(color, (counts.get(color) ?? 0) + 1);
    }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([color]) => color);
}

function fontsOf(
  document: HtmlDocument,
  rules: readonly CssRule[],
  ruleValue: (selector: RegExp, property: string) => string | undefined,
): { fonts: Array<{ family: string; role?: string }>; typography: NonNullable<BrandingProfile['typography']> } {
  const stackOf = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((family) => family.trim().replace(/^["']|["']$/g, ''))
      .filter(Boolean);
  const brandFont = (stack: string[]) => stack.find((family) => !GENERIC_FONTS.has(family.toLowerCase()));
  const body = stackOf(ruleValue(/^(?:html|body|:root)$/, 'font-family'));
  const heading = stackOf(ruleValue(/^h[1-3]$/, 'font-family'));
  const code = stackOf(ruleValue(/^(?:code|pre|kbd)$/, 'font-family'));
  const families = new Map<string, string | undefined>();
  const primary = brandFont(body);
  const headingFont = brandFont(heading);
  if (primary) families.set(primary, 'body');
  if (headingFont && !families.has(headingFont)) families.set(headingFont, 'heading');
  for (const rule of rules) {
    const family = brandFont(stackOf(rule.declarations.get('font-family')));
    if (family && !families.has(family)) families.set(family, undefined);
  }
  // Fonts loaded from Google Fonts are named in the stylesheet URL.
  for (const link of Array.from(document.querySelectorAll('link[href*="fonts.googleapis.com"]'))) {
    for (const match of (link.getAttribute('href') ?? '').matchAll(/family=([^&:]+)/g)) {
      const family = decodeURIComponent(match[1]!.replace(/\+/g, ' '));
      if (!families.has(family)) families.set(family, undefined);
    }
  }
  const fonts = [...families].slice(0, 20).map(([family, role]) => ({ family, ...(role ? { role } : {}) }));
  const sizes: Record<string, string> = {};
  for (const [name, selector] of [
    ['h1', /^h1$/],
    ['h2', /^h2$/],
    ['h3', /^h3$/],
    ['body', /^(?:html|body)$/],
  ] as const) {
    const size = ruleValue(selector, 'font-size');
    if (size) sizes[name] = size;
  }
  const fontFamilies: Record<string, string> = {};
  if (primary) fontFamilies.primary = primary;
  if (headingFont ?? primary) fontFamilies.heading = (headingFont ?? primary)!;
  const codeFont = brandFont(code) ?? code[0];
  if (codeFont) fontFamilies.code = codeFont;
  const fontStacks: Record<string, string[]> = {};
  if (body.length) fontStacks.body = body;
  if (heading.length) fontStacks.heading = heading;
  return {
    fonts,
    typography: {
      ...(Object.keys(fontFamilies).length ? { fontFamilies } : {}),
      ...(Object.keys(fontStacks).length ? { fontStacks } : {}),
      ...(Object.keys(sizes).length ? { fontSizes: sizes } : {}),
    },
  };
}

function logoOf(document: HtmlDocument, baseUrl: string, nodes: readonly LdNode[]): string | undefined {
  for (const node of nodes.filter((entry) => isOfType(entry, ORGANIZATION_TYPES))) {
    const logo = nodesOf(node.logo)[0];
    const url = absolute(logo ? (text(logo.url) ?? text(logo.contentUrl)) : text(node.logo), baseUrl);
    if (url) return url;
  }
  const images = Array.from(document.querySelectorAll('header img, nav img, a[href="/"] img, img'));
  const logo = images.find((image) =>
    ['class', 'id', 'alt', 'src'].some(
      (attribute) => /logo/i.test(image.getAttribute(attribute) ?? '') || /logo/i.test(image.parentElement?.getAttribute('class') ?? ''),
    ),
  );
  return absolute(logo?.getAttribute('src'), baseUrl);
}

function faviconOf(document: HtmlDocument, baseUrl: string): string | undefined {
  const links = Array.from(document.querySelectorAll('link[rel][href]'));
  const rel = (element: Element) => (element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
  const icon = links.find((link) => rel(link).includes('icon')) ?? links.find((link) => rel(link).includes('apple-touch-icon'));
  return absolute(icon?.getAttribute('href') ?? '/favicon.ico', baseUrl);
}

function brandNameOf(document: HtmlDocument, nodes: readonly LdNode[]): string | undefined {
  const organization = nodes.find((node) => isOfType(node, ORGANIZATION_TYPES));
  const name = organization && text(organization.name);
  if (name) return name;
  const title = document.title.trim();
  const parts = title.split(/\s[|–—-]\s/);
  return parts.length > 1 ? parts[parts.length - 1]!.trim() : title || undefined;
}

function absolute(value: string | null | undefined, baseUrl: string): string | undefined {
  return value ? httpUrlWithoutFragment(value, baseUrl) : undefined;
}
