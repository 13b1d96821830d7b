import type { ZipLimits } from './bounded-zip.js';
import { odfBlocksHtml } from './odf-text.js';
import { odfInfo, odfParts } from './odt.js';
import type { DocumentReading } from './reading.js';
import { type Slide, slidesHtml } from './slides.js';
import { child, descendants } from './xml.js';

/** An OpenDocument presentation: each page's title frame heads its section, its other frames follow. */
export function readOdp(name: string, body: Uint8Array, limits?: ZipLimits): DocumentReading {
  const { content, meta } = odfParts(name, body, limits);
  const slides: Slide[] = descendants(content, 'draw:page').map((page) => {
    let title: string | undefined;
    const rest: string[] = [];
    for (const frame of Array.from(page.children).filter((node) => node.tagName === 'draw:frame')) {
      const box = child(frame, 'draw:text-box');
      if (frame.getAttribute('presentation:class') === 'title' && box && !title) title = (box.textContent ?? '').trim() || undefined;
      else if (box) rest.push(odfBlocksHtml(box));
    }
    return { ...(title ? { title } : {}), body: rest.filter(Boolean).join('\n') };
  });
  return { format: 'odp', parts: [slidesHtml(slides)], ...odfInfo(meta), extra: { slides: slides.length }, warnings: [] };
}
