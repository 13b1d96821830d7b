/**
 * What Q&A sites print around a post that is no part of it: Stack Exchange's bare vote counts
 * (`<div class="js-vote-count" itemprop="upvoteCount">42</div>`: "42" as a paragraph) and the
 * MathJax group markers its posts open and close with (`$\begingroup$`, `$\endgroup$`).
 */
import type TurndownService from 'turndown';

/** Class or itemprop words of a vote counter. */
const VOTE_MARK = /\bvote-?count|\bvotecell\b|\bvoting-container|\b(?:up|down)voteCount\b/i;
const SIGNED_NUMBER = /^[-+−]?\d[\d,.]*[kKmM]?$/;

/** A vote counter whose whole text is a number. */
export const voteCountRule: TurndownService.Rule = {
  filter: (node) => {
    if (node.nodeType !== 1) return false;
    const element = node as unknown as Element;
    const marks = `${element.getAttribute('class') ?? ''} ${element.getAttribute('itemprop') ?? ''}`;
    return VOTE_MARK.test(marks) && SIGNED_NUMBER.test((element.textContent ?? '').trim());
  },
  replacement: () => '',
};

/** `$\begingroup$` and `$\endgroup$` as turndown escapes them, with the space after them. */
const GROUP_MARKER = /\$\\\\(?:begin|end)group\$[ \t]*/g;

/** A Markdown line without the group markers (a line of nothing else becomes blank). */
export function withoutGroupMarkers(line: string): string {
  return line.includes('group$') ? line.replace(GROUP_MARKER, '') : line;
}
