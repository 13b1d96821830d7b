import { hostedOnlyWarnings } from '../routes/hosted-only-warnings.js';

/**
 * A v1 body's warnings: hostedOnlyWarnings of the body and of its `scrapeOptions`, where
 * zeroDataRetention is honoured (the page memory keeps nothing).
 */
export function v1Warnings(body: object, unused: { map?: boolean } = {}): string[] {
  const { scrapeOptions } = body as { scrapeOptions?: unknown };
  const nested =
    scrapeOptions && typeof scrapeOptions === 'object' ? hostedOnlyWarnings({ ...scrapeOptions, zeroDataRetention: false }) : [];
  return [...hostedOnlyWarnings({ ...body, zeroDataRetention: false }, unused), ...nested];
}
