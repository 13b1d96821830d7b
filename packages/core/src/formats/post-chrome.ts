/**
 * What Q&A sites print around a post that is no part of it: Stack Exchange's bare vote counts
 * (`<div class="js-vote-count" itemprop="upvoteCount">42</div>`: "42" as a paragraph), the
 * comment and answer counts its microdata hides beside them (`<span class="d-none"
 * itemprop="commentCount">2</span>`: a stray "2" between answers, "11 Answers 11"), and the
 * MathJax group markers its posts open and close with (`$\begingroup$`, `$\endgroup$`).
 */
import type TurndownService from 'turndown';

/** Class or itemprop words of a vote, comment or answer counter (schema.org's Comment/Answer counts). */
const VOTE_MARK = /\bvote-?count|\bvotecell\b|\bvoting-container|\b(?:up|down)voteCount\b|\b(?:comment|answer)Count\b/i;
const SIGNED_NUMBER = /^[-+−]?\d[\d,.]*[kKmM]?$/;

/** A vote, comment or answer counter whose whole text is a number. */
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
