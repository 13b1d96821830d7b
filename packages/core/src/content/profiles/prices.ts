import type { Price } from './types.js';

/** Currency symbols that name one currency unambiguously enough for a shop page. */
const SYMBOLS: Record<string, string> = {
  $: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  '₩': 'KRW',
  '₽': 'RUB',
  '₺': 'TRY',
  '₪': 'ILS',
};
const ISO_CODE = /^[A-Z]{3}$/;
/** The first number of a price text: digits with thousands and decimal separators (linear, no backtracking). */
const NUMBER = /\d[\d.,\s\u00a0]*/;
/** A price in running text: a currency symbol or code next to a number. */
export const PRICE_IN_TEXT = /(?:[$€£¥₹]\s?\d[\d.,]*|\d[\d.,]*\s?(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|CAD|AUD)\b))/;

const formatters = new Map<string, Intl.NumberFormat | null>();

/** `amount` in `currency` as an English reader expects it (`$1,299.00`), or undefined for an unknown code. */
export function formatPrice(amount: number, currency: string | undefined): string | undefined {
  if (!currency) return undefined;
  let formatter = formatters.get(currency);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      formatter = null;
    }
    formatters.set(currency, formatter);
  }
  return formatter?.format(amount);
}

/** The amount a price text or number says (`"1.299,00 €"` → 1299, `"$12.50"` → 12.5), or undefined. */
export function parseAmount(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = NUMBER.exec(value.slice(0, 200));
  if (!match) return undefined;
  const digits = match[0].replace(/[\s\u00a0]/g, '').replace(/[.,]$/, '');
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  const decimalAt = Math.max(lastDot, lastComma);
  // The last separator is a decimal point when two digits or fewer follow it, or when the other separator came before it.
  const isDecimal = decimalAt >= 0 && (digits.length - decimalAt - 1 <= 2 || (lastDot >= 0 && lastComma >= 0));
  const whole = (isDecimal ? digits.slice(0, decimalAt) : digits).replace(/[.,]/g, '');
  const fraction = isDecimal ? digits.slice(decimalAt + 1) : '';
  const amount = Number(fraction ? `${whole}.${fraction}` : whole);
  return Number.isFinite(amount) ? amount : undefined;
}

/** The currency a price text names by code or symbol, or undefined. */
export function currencyIn(value: string): string | undefined {
  const code = /\b([A-Z]{3})\b/.exec(value)?.[1];
  if (code && code !== 'VAT') return code;
  for (const [symbol, currency] of Object.entries(SYMBOLS)) if (value.includes(symbol)) return currency;
  return undefined;
}

/** A Price from an amount (number or text) and a currency code when one is known. */
export function toPrice(value: unknown, currencyHint?: string): Price | undefined {
  const amount = parseAmount(value);
  if (amount === undefined) return undefined;
  const hinted = currencyHint?.trim().toUpperCase();
  const currency = hinted && ISO_CODE.test(hinted) ? hinted : typeof value === 'string' ? currencyIn(value) : undefined;
  const formatted = formatPrice(amount, currency);
  return { amount, ...(currency ? { currency } : {}), ...(formatted ? { formatted } : {}) };
}
