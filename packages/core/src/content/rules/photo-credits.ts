import { isInCode } from './boilerplate.js';
import { textLengthUpTo } from '../dom/text.js';

/** A credit is a short line; a longer text is a caption that names its source in passing. */
const MAX_CREDIT_CHARS = 120;
/** A line that only names a stock agency ("Firn | Getty Images") is shorter still. */
const MAX_AGENCY_LINE_CHARS = 60;

/**
 * A line that says who took or owns a picture: "Image credit: Wareable", "Photo: Shutterstock",
 * "Photo by Caleb Oquendo", "Featured image from Sakara", "Credit: Reviewed / Tim Renzi", also in
 * brackets ("(Image credit: NASA)", Future plc's sites). Not
 * "Source: …": under charts and tables that names the data, which readers (and gold texts) keep.
 */
const CREDIT_LINE =
  /^[([]?(?:(?:featured |header |cover |hero |lead |top )?(?:image|photo|picture|photograph|photography)s? ?(?:credits?|source|courtesy)? ?:|(?:image|photo|picture|photograph)s? (?:credits?|courtesy|source)\b|(?:(?:featured |header |cover |hero )?(?:image|photo|photograph|photography)s?) (?:by|from|via|courtesy of) |credits? ?: ?\S)/i;
/**
 * The same in the other languages of the sets' pages, where the word comes first and a colon
 * follows: "Foto: Sascha Klahn", "Bild: Werk", "Titelbild: …", "Imagen: Télam", "(crédito: …",
 * "Crédits photos : Bestimage", "Fot. PAP", "Bild via Pixabay". Not "Quelle:" / "Fuente:" (a
 * data source, as above).
 */
const CREDIT_LINE_OTHER_LANGUAGES =
  /^[([]?(?:(?:(?:titel|header|aufmacher)?bild(?:er|quelle|nachweis)?|fotos?|fotograf(?:ie|ía|ia)|imagen|imágenes|immagin[ei]|zdj[eę]cie|beeld|cr[ée]dits?(?: photos?)?|cr[ée]ditos?) ?:|fot\. |(?:bild|foto) (?:via|von) )/iu;
/** A line that ends with a stock or news agency after a separator: "Kittiwut | Getty Images", "DGLimages via Getty Images", "Judy Eddy/WENN.com". */
const AGENCY_LINE =
  /(?:^|[|/]|\bvia) ?(?:getty images|shutterstock(?:\.com)?|istock(?:photo)?(?:\.com)?|adobe stock|unsplash|pexels|pixabay|depositphotos|alamy|dreamstime|wenn(?:\.com)?|imago|picture alliance)\.?$/i;

/** The blocks a credit line sits in: its own paragraph, or a span at the end of a caption. */
const CREDIT_CANDIDATE = 'p, figcaption, span, small, div, em, i, cite, strong, b';
/** A block holding any of these is more than a credit (the photo itself stays). */
const KEPT_INSIDE = 'img, picture, video, iframe, svg, h1, h2, h3, h4, h5, h6, p, li, table';

/** Whether a block's whole text, whitespace collapsed, is a photo credit. */
export function isPhotoCredit(text: string): boolean {
  if (text.length > MAX_CREDIT_CHARS) return false;
  return (
    CREDIT_LINE.test(text) || CREDIT_LINE_OTHER_LANGUAGES.test(text) || (text.length <= MAX_AGENCY_LINE_CHARS && AGENCY_LINE.test(text))
  );
}

/**
 * Removes photo credits ("Image credit: Wareable", "Kittiwut | Getty Images") from the content,
 * on every kind of page: they name who owns a picture, say nothing of the page's subject, and
 * gold texts leave them out. A caption stays; only the credit line or span goes. Returns how
 * many went.
 */
export function removePhotoCredits(root: Element): number {
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll(CREDIT_CANDIDATE))) {
    // Bounded first: a large block is never a credit, and searching or reading it would cost its size.
    if (textLengthUpTo(element, MAX_CREDIT_CHARS) > MAX_CREDIT_CHARS) continue;
    if (!root.contains(element) || element.querySelector(KEPT_INSIDE) || isInCode(element)) continue;
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text || !isPhotoCredit(text)) continue;
    element.remove();
    removed++;
  }
  return removed;
}
