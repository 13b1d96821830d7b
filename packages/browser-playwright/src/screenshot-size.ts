import { MAX_SCREENSHOT_PIXELS, MAX_SCREENSHOT_SIDE } from '@trawl/core/ports';
import type { Page } from 'playwright-core';

export interface ScreenshotFit {
  /** The part of the page to capture, when the whole would be too large. */
  clip?: { x: number; y: number; width: number; height: number };
  /** Says what was cut, for the document's `warning`. */
  warning?: string;
}

/**
 * How much of a full page one screenshot may take: all of it, or its top-left part within
 * `MAX_SCREENSHOT_SIDE` pixels a side and `MAX_SCREENSHOT_PIXELS` in all (an 8K-wide viewport on a
 * page 100,000 pixels tall would be a 3 GB bitmap, past what Chromium can capture). Measured in
 * the page; `css` scale counts CSS pixels, `device` counts the device pixels the image will have.
 */
export async function fitFullPage(page: Page, scale: 'css' | 'device'): Promise<ScreenshotFit> {
  const size = await page.evaluate(() => {
    const root = document.documentElement;
    return {
      width: Math.max(root.scrollWidth, document.body?.scrollWidth ?? 0, window.innerWidth),
      height: Math.max(root.scrollHeight, document.body?.scrollHeight ?? 0, window.innerHeight),
      ratio: window.devicePixelRatio || 1,
    };
  });
  return fitSize(size.width, size.height, scale === 'css' ? 1 : size.ratio);
}

/** The pure rule of `fitFullPage`: CSS sizes in, the clip (CSS pixels) and warning out. */
export function fitSize(width: number, height: number, ratio: number): ScreenshotFit {
  const maxWidth = Math.floor(MAX_SCREENSHOT_SIDE / ratio);
  const clippedWidth = Math.min(width, maxWidth);
  const maxHeight = Math.max(1, Math.floor(Math.min(MAX_SCREENSHOT_SIDE / ratio, MAX_SCREENSHOT_PIXELS / (clippedWidth * ratio * ratio))));
  if (width <= maxWidth && height <= maxHeight) return {};
  const clip = { x: 0, y: 0, width: clippedWidth, height: Math.min(height, maxHeight) };
  return {
    clip,
    warning:
      `The full-page screenshot shows the top ${clip.width}×${clip.height} CSS pixels of a ${width}×${height} page: ` +
      `a screenshot holds at most ${MAX_SCREENSHOT_SIDE} pixels a side and ${MAX_SCREENSHOT_PIXELS} in all.`,
  };
}
