/**
 * The `audio` and `video` formats: the media URLs a page embeds, best first. The page's own
 * declaration (`og:video`, `og:audio`), then schema.org VideoObject/AudioObject, then `<video>`,
 * `<audio>` and their `<source>`s, then players of known hosts in iframes (YouTube, Vimeo,
 * Dailymotion, Wistia, Loom; SoundCloud, Spotify, Bandcamp), given as the media's own page.
 * Pure over a parsed page.
 */
import type { HtmlDocument } from '../dom/parse.js';
import { httpUrlWithoutFragment } from '../assembly/urls.js';
import { isOfType, text, type LdNode } from './json-ld.js';

export type MediaKind = 'audio' | 'video';

const MAX_MEDIA = 100;
const LD_TYPES: Record<MediaKind, ReadonlySet<string>> = {
  video: new Set(['VideoObject']),
  audio: new Set(['AudioObject', 'PodcastEpisode']),
};
const META: Record<MediaKind, string[]> = {
  video: ['og:video:secure_url', 'og:video:url', 'og:video', 'twitter:player:stream'],
  audio: ['og:audio:secure_url', 'og:audio:url', 'og:audio'],
};

/** An embedded player's URL as the media's own page, or undefined when `url` is no known player of `kind`. */
export function embedPage(url: URL, kind: MediaKind): string | undefined {
  const host = url.hostname.replace(/^www\./, '');
  if (kind === 'video') {
    if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
      const id =
        /^\/(?:embed|shorts|v)\/([\w-]{6,20})/.exec(url.pathname)?.[1] ?? (url.pathname === '/watch' ? url.searchParams.get('v') : null);
      return id ? `https://www.youtube.com/watch?v=${id}` : undefined;
    }
    if (host === 'youtu.be') return `https://www.youtube.com/watch?v=${url.pathname.slice(1)}`;
    if (host === 'player.vimeo.com') {
      const id = /^\/video\/(\d+)/.exec(url.pathname)?.[1];
      return id ? `https://vimeo.com/${id}` : undefined;
    }
    if (host === 'dailymotion.com' || host === 'geo.dailymotion.com') {
      const id = /^\/embed\/video\/(\w+)/.exec(url.pathname)?.[1] ?? url.searchParams.get('video');
      return id ? `https://www.dailymotion.com/video/${id}` : undefined;
    }
    if (host.endsWith('wistia.com') || host.endsWith('wistia.net') || host === 'loom.com') return url.href;
    return undefined;
  }
  if (host === 'w.soundcloud.com') {
    const track = url.searchParams.get('url');
    return track ? (httpUrlWithoutFragment(track, url.href) ?? undefined) : undefined;
  }
  if (host === 'open.spotify.com' && url.pathname.startsWith('/embed/'))
    return `https://open.spotify.com/${url.pathname.slice('/embed/'.length)}`;
  if (host === 'bandcamp.com' && url.pathname.startsWith('/EmbeddedPlayer')) return url.href;
  return undefined;
}

/** Every `kind` URL the page embeds, absolute and deduplicated, best first. */
export function mediaUrls(
  document: HtmlDocument,
  baseUrl: string,
  nodes: readonly LdNode[],
  kind: MediaKind,
  meta: ReadonlyMap<string, string>,
): string[] {
  const found = new Set<string>();
  const add = (candidate: string | null | undefined) => {
    const value = candidate?.trim();
    if (!value || value.startsWith('data:') || value.startsWith('blob:') || found.size >= MAX_MEDIA) return;
    const url = httpUrlWithoutFragment(value, baseUrl);
    if (url) found.add(url);
  };
  for (const name of META[kind]) add(meta.get(name));
  for (const node of nodes.filter((entry) => isOfType(entry, LD_TYPES[kind]))) {
    add(text(node.contentUrl));
    const embed = text(node.embedUrl);
    const page = embed && toUrl(embed, baseUrl);
    add(page ? (embedPage(page, kind) ?? page.href) : undefined);
  }
  for (const element of Array.from(document.getElementsByTagName(kind))) {
    add(element.getAttribute('src'));
    for (const source of Array.from(element.getElementsByTagName('source'))) add(source.getAttribute('src'));
  }
  for (const frame of Array.from(document.querySelectorAll('iframe[src], iframe[data-src], embed[src]'))) {
    const url = toUrl(frame.getAttribute('src') ?? frame.getAttribute('data-src') ?? '', baseUrl);
    add(url && embedPage(url, kind));
  }
  return [...found];
}

function toUrl(value: string, base: string): URL | undefined {
  try {
    return new URL(value.trim(), base);
  } catch {
    return undefined;
  }
}
