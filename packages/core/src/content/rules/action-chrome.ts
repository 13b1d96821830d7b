import { isInCode } from './boilerplate.js';

/**
 * Words of the controls a post, product or card carries (share and reply buttons, social
 * networks, vote and report links). A block whose whole text is such words and counts is
 * chrome, never content.
 */
const ACTION_WORDS = new Set([
  'share',
  'shares',
  'reply',
  'replies',
  'quote',
  'multi-quote',
  'like',
  'likes',
  'liked',
  'unlike',
  'report',
  'copy',
  'post',
  'link',
  'permalink',
  'whatsapp',
  'telegram',
  'twitter',
  'x',
  'facebook',
  'linkedin',
  'pinterest',
  'reddit',
  'email',
  'e-mail',
  'print',
  'bookmark',
  'save',
  'saved',
  'follow',
  'flag',
  'upvote',
  'downvote',
  'vote',
  'votes',
  'edit',
  'delete',
  'thanks',
  'thank',
  'helpful',
  'react',
  'reaction',
  'reactions',
  'tweet',
  'pin',
  'it',
  'on',
  'this',
  'via',
  'sms',
  'more',
  'options',
  'menu',
  'add',
  'comment',
  'comments',
  'to',
  'favorites',
  'wishlist',
  'compare',
  'back',
  'top',
  'go',
  // Calls to action and shop controls: "Quick view", "Add to bag", "Shop now", "Learn more", "See all".
  'quick',
  'view',
  'cart',
  'bag',
  'basket',
  'buy',
  'now',
  'select',
  'choose',
  'favorite',
  'favourite',
  'favourites',
  'shop',
  'all',
  'see',
  'details',
  'learn',
  'read',
  'get',
  'started',
  'sign',
  'up',
  'in',
  'log',
  'login',
  'register',
  'subscribe',
  'download',
  'try',
  'demo',
  'contact',
  'us',
  'book',
  'call',
  'apply',
  'explore',
  'discover',
  'find',
  'out',
  'watch',
  'video',
  'close',
  'open',
  'expand',
  'collapse',
  'show',
  'less',
  'next',
  'previous',
  'prev',
  'loading',
  'home',
  // Q&A and forum controls: "Improve this answer", "Ask a question", "Click to expand...".
  'a',
  'improve',
  'answer',
  'question',
  'ask',
  'click',
  'shrink',
]);
/** The candidate blocks: what holds a row of controls. */
const CHROME_CANDIDATE = 'ul, ol, li, div, span, p, a, button, footer, menu, section';
/** Longer text than this is not a row of buttons. */
const MAX_CHROME_CHARS = 120;

/** Removes rows of share, reply, vote and similar controls under `root`. */
export function removeActionChrome(root: Element): void {
  for (const element of Array.from(root.querySelectorAll(CHROME_CANDIDATE))) {
    // A highlighter's keyword token ("in", "select", "get") is code, not a control.
    if (!root.contains(element) || element.querySelector('h1, h2, h3, h4, h5, h6') || isInCode(element)) continue;
    const text = element.textContent ?? '';
    if (text.length > MAX_CHROME_CHARS * 4) continue;
    const words = wordsOf(text);
    if (!words || words.join(' ').length > MAX_CHROME_CHARS) continue;
    if (isControlRow(words) && !inRunningText(element)) element.remove();
  }
}

function wordsOf(text: string): string[] | null {
  return text.toLowerCase().match(/[\p{L}\p{N}'-]+/gu);
}

function isControlRow(words: string[]): boolean {
  return words.every((word) => ACTION_WORDS.has(word) || /^\d+[km]?$/.test(word)) && words.some((word) => ACTION_WORDS.has(word));
}

/** A link or span inside a sentence ("Some text with <a>a link</a>.") is prose, whatever its own words: words run on either side of it. */
function inRunningText(element: Element): boolean {
  if (element.tagName !== 'A' && element.tagName !== 'SPAN') return false;
  return [element.previousSibling, element.nextSibling].some(
    (node) => node?.nodeType === TEXT_NODE && /[\p{L}\p{N}]/u.test(node.textContent ?? ''),
  );
}

const TEXT_NODE = 3;
