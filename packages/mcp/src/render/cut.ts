/**
 * Long answers are paged, never sent whole: an agent reads `maxChars` characters from `offset`
 * and is told, in words, how to read on. Pure.
 */
export interface Cut {
  text: string;
  /** Where the next read starts; undefined when the text ends here. */
  nextOffset: number | undefined;
  total: number;
}

export function cutText(text: string, offset: number, maxChars: number): Cut {
  const start = Math.min(offset, text.length);
  // Never end between the two halves of a surrogate pair.
  let end = Math.min(start + maxChars, text.length);
  if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return { text: text.slice(start, end), nextOffset: end < text.length ? end : undefined, total: text.length };
}

/** The note under a cut answer: what was shown and the call that reads on. */
export function cutNote(cut: Cut, offset: number, readOn: (nextOffset: number) => string): string {
  if (cut.nextOffset === undefined && offset === 0) return '';
  const shown = `characters ${offset}–${offset + cut.text.length} of ${cut.total}`;
  if (cut.nextOffset === undefined) return `\n\n---\n_Shown: ${shown} (the end)._`;
  return `\n\n---\n_Cut to keep the answer small: ${shown} shown. To read on, ${readOn(cut.nextOffset)}._`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
