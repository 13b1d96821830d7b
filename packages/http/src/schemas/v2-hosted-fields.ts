/**
 * Fields of Firecrawl's hosted service that today's clients send (firecrawl-js 4.x types,
 * firecrawl-mcp 3.26): threat protection, audit metadata, browser profiles, mock replays and
 * Alexandria tool matching. Nothing here uses them, so they are accepted, bounded like every
 * other field, and answered with a warning (hostedFieldWarnings); a strict body still refuses
 * a name Firecrawl does not know. `redactPII` is the exception: asked for, it is refused,
 * because a warning would hand back the personal data the caller wanted removed.
 */
import { z } from 'zod';

const domainListSchema = z.array(z.string().min(1).max(253)).max(1000);

/** Firecrawl's per-request threat-protection override (the SDK's ThreatProtectionOptions). */
export const threatProtectionSchema = z.strictObject({
  mode: z.enum(['off', 'manual-only', 'normal', 'zscaler']).optional(),
  riskScoreThreshold: z.number().int().min(0).max(100).optional(),
  blacklist: domainListSchema.optional(),
  whitelist: domainListSchema.optional(),
  blockedTlds: z.array(z.string().min(1).max(63)).max(1000).optional(),
  failurePolicy: z.enum(['open', 'closed']).optional(),
});

/** Who a request is logged for in Firecrawl's audit trail. */
export const auditMetadataSchema = z.strictObject({ username: z.string().max(200) });

/** How Alexandria tools matched to a page are described. */
export const toolDetailSchema = z.enum(['compact', 'summary', 'full']);

const redactPiiOptionsSchema = z.strictObject({
  mode: z.enum(['accurate', 'aggressive', 'fast']).optional(),
  entities: z
    .array(z.enum(['PERSON', 'EMAIL', 'PHONE', 'LOCATION', 'FINANCIAL', 'SECRET']))
    .max(6)
    .optional(),
  replaceStyle: z.enum(['tag', 'mask', 'remove']).optional(),
});

/** `redactPII`: `false` is accepted; asking for redaction is a 400 naming the missing feature. */
export const redactPiiSchema = z.union([z.boolean(), redactPiiOptionsSchema]).superRefine((value, ctx) => {
  if (value === false) return;
  ctx.addIssue({
    code: 'custom',
    message: 'redactPII is a Firecrawl cloud feature that Trawl does not provide: the page would come back unredacted',
    params: { code: 'unsupported_option' },
  });
});

/** The hosted fields of v2 scrape options (on a scrape, a batch, and a crawl's or search's `scrapeOptions`). */
export const hostedScrapeFields = {
  threatProtection: threatProtectionSchema.optional(),
  auditMetadata: auditMetadataSchema.optional(),
  redactPII: redactPiiSchema.optional(),
  /** A saved browser session on Firecrawl's service. */
  profile: z.strictObject({ name: z.string().min(1).max(200), saveChanges: z.boolean().optional() }).optional(),
  /** Firecrawl's recorded-response replays for its own tests. */
  useMock: z.string().max(200).optional(),
  domainTools: z.boolean().optional(),
};

/** What a request asked of the hosted fields, for hostedFieldWarnings. */
export interface HostedFieldRequest {
  threatProtection?: z.output<typeof threatProtectionSchema> | undefined;
  auditMetadata?: z.output<typeof auditMetadataSchema> | undefined;
  profile?: { name: string } | undefined;
  useMock?: string | undefined;
  domainTools?: boolean | undefined;
}

/**
 * One warning per hosted field set to something that would change the answer on Firecrawl's
 * service. `toolDetail` only describes tools `domainTools` or the `alexandria` source would
 * return, so their warnings cover it.
 */
export function hostedFieldWarnings(request: HostedFieldRequest): string[] {
  const warnings: string[] = [];
  const threat = request.threatProtection;
  if (threat && Object.keys(threat).length && threat.mode !== 'off')
    warnings.push('threatProtection is not applied: Trawl has no threat scanner (its SSRF policy decides which addresses are fetched)');
  if (request.auditMetadata) warnings.push("auditMetadata changes nothing here: it labels Firecrawl's hosted audit log");
  if (request.profile) warnings.push('profile is not applied: every scrape starts from a fresh browser state here');
  if (request.useMock) warnings.push("useMock changes nothing here: it replays Firecrawl's recorded responses");
  if (request.domainTools) warnings.push("domainTools finds no tools: Alexandria is Firecrawl's hosted tool catalogue");
  return warnings;
}
