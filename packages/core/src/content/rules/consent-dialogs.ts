import { consentContainerSelectors } from '../../blocks/markers.js';
import { textLengthUpTo } from '../dom/text.js';

/** The containers consent managers (OneTrust, Didomi, Sourcepoint…) render their banners and walls in. */
const CONSENT_MANAGER_SELECTOR = consentContainerSelectors().join(', ');
/**
 * Elements that overlay the page or sit above it as a strip: dialogs by role or tag, modal
 * flags, and the class and id words themes give such layers.
 */
const OVERLAY_SELECTOR = [
  'dialog',
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[aria-modal="true"]',
  '[class*="modal" i]',
  '[class*="popup" i]',
  '[class*="overlay" i]',
  '[class*="banner" i]',
  '[class*="notice" i]',
  '[class*="privacy" i]',
  '[id*="modal" i]',
  '[id*="popup" i]',
  '[id*="overlay" i]',
  '[id*="banner" i]',
  '[id*="notice" i]',
  '[id*="privacy" i]',
].join(', ');
/** What a consent dialog asks about, in the languages of the dev sets' pages. */
const CONSENT_SUBJECT = /\b(?:cookies?|consent|tracking|einwilligung|datenschutz|confidentialité|consentimiento|privacidad)\b/i;
/** The choice it offers: a dialog about cookies with no choice is an article's paragraph about them. */
const CONSENT_CHOICE =
  /\b(?:accept|agree|allow|reject|decline|refuse|manage (?:preferences|settings|options)|cookie settings|akzeptieren|zustimmen|ablehnen|einverstanden|accepter|refuser|aceptar|rechazar|accetta|rifiuta)\b/i;
/** A consent dialog says its piece in a few paragraphs; a longer block is a page about privacy. */
const MAX_DIALOG_CHARS = 2500;

/**
 * Removes consent and cookie dialogs from the page before either main-content reading runs, so
 * that their text, denser than a short article's, never becomes the content: the consent
 * managers' own containers whatever they say, and overlays and banners whose short text asks
 * for consent to cookies. A block holding the page's H1 or main landmark is the page, not a dialog.
 */
export function removeConsentDialogs(body: Element): void {
  for (const element of Array.from(body.querySelectorAll(CONSENT_MANAGER_SELECTOR))) element.remove();
  for (const element of Array.from(body.querySelectorAll(OVERLAY_SELECTOR))) {
    if (!body.contains(element) || element.tagName === 'BODY' || element.tagName === 'HTML') continue;
    if (element.querySelector('h1, main, [role="main"], article')) continue;
    if (textLengthUpTo(element, MAX_DIALOG_CHARS) >= MAX_DIALOG_CHARS) continue;
    const text = element.textContent ?? '';
    if (CONSENT_SUBJECT.test(text) && CONSENT_CHOICE.test(text)) element.remove();
  }
}
