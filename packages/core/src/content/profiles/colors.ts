/** CSS colour values as `#RRGGBB` (alpha dropped), and what the branding format asks of them. */

const NAMED: Record<string, string> = {
  black: '#000000',
  white: '#FFFFFF',
  red: '#FF0000',
  green: '#008000',
  blue: '#0000FF',
  navy: '#000080',
  orange: '#FFA500',
  purple: '#800080',
  teal: '#008080',
  gray: '#808080',
  grey: '#808080',
  yellow: '#FFFF00',
  maroon: '#800000',
  silver: '#C0C0C0',
};
const HEX = /#([0-9a-f]{3,8})\b/i;
const RGB = /rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/i;

/** The first colour a CSS value names, as `#RRGGBB`, or undefined (`transparent`, `inherit`, a gradient's stops count). */
export function colorOf(value: string): string | undefined {
  const hex = HEX.exec(value)?.[1];
  if (hex && (hex.length === 3 || hex.length === 4)) return `#${[...hex.slice(0, 3)].map((c) => c + c).join('')}`.toUpperCase();
  if (hex && (hex.length === 6 || hex.length === 8)) return `#${hex.slice(0, 6)}`.toUpperCase();
  const rgb = RGB.exec(value);
  if (rgb)
    return `#${rgb
      .slice(1, 4)
      .map((part) => Math.min(255, Number(part)).toString(16).padStart(2, '0'))
      .join('')}`.toUpperCase();
  const word = value.trim().toLowerCase();
  return NAMED[word];
}

/** Relative luminance (0 black … 1 white) of `#RRGGBB`. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Whether a colour is a grey (black and white included): a brand's colour is one that is not. */
export function isGrey(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return Math.max(r!, g!, b!) - Math.min(r!, g!, b!) < 24;
}
