import { escapeHtml } from './html-text.js';

/** One slide: its title (if it has one) and the HTML of the rest of its content. */
export interface Slide {
  title?: string;
  body: string;
}

/** Slides as HTML: one section per slide, headed by its number and title. Pure. */
export function slidesHtml(slides: readonly Slide[]): string {
  return slides
    .map((slide, index) => {
      const heading = slide.title ? `Slide ${index + 1}: ${slide.title}` : `Slide ${index + 1}`;
      return `<section><h2>${escapeHtml(heading)}</h2>\n${slide.body}</section>`;
    })
    .join('\n');
}
