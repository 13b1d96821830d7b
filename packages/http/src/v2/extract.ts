import { v2ExtractBodySchema } from '../schemas/v2-extract.js';
import { UNUSED_EXTRACT_FIELDS, withoutUnusedFields } from '../schemas/firecrawl-unused-fields.js';
import { planV2Scrape } from './scrape-plan.js';
import { hostedOnlyWarnings } from '../routes/hosted-only-warnings.js';
import { notImplemented } from '../transport/api-error.js';
import { extractWebhookWarnings, startTeamExtract } from '../routes/llm-jobs.js';
import { parseV2Body } from '../routes/parse-v2-body.js';
import type { RouteHandler } from '../routes/types.js';
import { warningOf } from '../routes/warning-of.js';

/** `POST /v2/extract`: v1's extract job with v2's scrape options. */
export const v2ExtractStart: RouteHandler = async (request, api) => {
  const parsed = parseV2Body(v2ExtractBodySchema, request.body);
  const {
    origin,
    integration,
    zeroDataRetention,
    fastMode,
    lockdown,
    ignoreInvalidURLs,
    threatProtection,
    scrapeOptions,
    agent,
    webhook,
    ...rest
  } = parsed;
  void origin, void integration, void zeroDataRetention, void fastMode, void lockdown, void ignoreInvalidURLs, void threatProtection;
  if (agent) throw notImplemented("Extraction by Firecrawl's hosted agent (`agent`)");
  const body = withoutUnusedFields(rest, UNUSED_EXTRACT_FIELDS);
  const plan = scrapeOptions ? planV2Scrape(scrapeOptions) : undefined;
  const job = await startTeamExtract(api, request.account, { ...body, ...(plan ? { scrapeOptions: plan.scrapeOptions } : {}) });
  const warnings = [...hostedOnlyWarnings(parsed), ...(plan?.shaping.warnings ?? []), ...extractWebhookWarnings(webhook)];
  return { body: { success: true, id: job.id, ...warningOf(warnings) } };
};
