import { unusedFieldWarnings } from '../schemas/firecrawl-unused-fields.js';
import { hostedFieldWarnings, type HostedFieldRequest } from '../schemas/v2-hosted-fields.js';

/**
 * Warnings for hosted-only fields set to a value that would change something on Firecrawl's
 * service, and for the fields of Firecrawl's schemas that change nothing here (`map`: a map's
 * body, whose crawler options are among them).
 */
export function hostedOnlyWarnings(
  options: HostedFieldRequest & { zeroDataRetention?: boolean | undefined; fastMode?: boolean | undefined },
  unused: { map?: boolean } = {},
): string[] {
  const warnings: string[] = [];
  if (options.zeroDataRetention)
    warnings.push('zeroDataRetention changes nothing here: Trawl keeps results only for the retention period, in your own store');
  if (options.fastMode) warnings.push('fastMode changes nothing here: Trawl has a single scrape pipeline');
  return [...warnings, ...hostedFieldWarnings(options), ...unusedFieldWarnings(options, unused)];
}
