/** The bodies of `/v2/monitor` as the 4.x SDK sends them (CreateMonitorRequest, UpdateMonitorRequest). */
import { z } from 'zod';
import { targetUrlSchema } from './shared.js';
import { v2ScrapeOptionsSchema } from './v2-scrape.js';

const MAX_TARGETS = 20;
const MAX_URLS = 100;
/** Pages a crawl target finds per check, at most. */
export const MAX_CRAWL_TARGET_PAGES = 500;

const scheduleSchema = z.strictObject({
  cron: z.string().max(200).optional(),
  text: z.string().max(200).optional(),
  timezone: z.string().max(100).optional(),
});

const monitorWebhookSchema = z.strictObject({
  url: z.string().max(2048),
  headers: z.record(z.string(), z.string()).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  events: z
    .array(z.enum(['monitor.page', 'monitor.check.completed', 'page', 'completed']))
    .max(4)
    .optional(),
});

const targetId = z.string().min(1).max(100).optional();

const scrapeTargetSchema = z.strictObject({
  id: targetId,
  type: z.literal('scrape'),
  urls: z.array(targetUrlSchema).min(1).max(MAX_URLS),
  scrapeOptions: v2ScrapeOptionsSchema.optional(),
});

const crawlTargetSchema = z.strictObject({
  id: targetId,
  type: z.literal('crawl'),
  url: targetUrlSchema,
  crawlOptions: z
    .looseObject({ limit: z.number().int().min(1).max(MAX_CRAWL_TARGET_PAGES).optional(), includeSubdomains: z.boolean().optional() })
    .optional(),
  scrapeOptions: v2ScrapeOptionsSchema.optional(),
});

const searchTargetSchema = z.looseObject({ id: targetId, type: z.literal('search') });

export const monitorTargetSchema = z.discriminatedUnion('type', [scrapeTargetSchema, crawlTargetSchema, searchTargetSchema]);
export type MonitorTargetBody = z.output<typeof monitorTargetSchema>;

const notificationSchema = z.looseObject({ email: z.looseObject({ enabled: z.boolean().optional() }).optional() });

export const createMonitorBodySchema = z.strictObject({
  name: z.string().min(1).max(200),
  schedule: scheduleSchema,
  webhook: monitorWebhookSchema.optional(),
  notification: notificationSchema.optional(),
  targets: z.array(monitorTargetSchema).min(1).max(MAX_TARGETS),
  retentionDays: z.number().int().min(1).max(365).optional(),
  goal: z.string().max(2000).optional(),
  judgeEnabled: z.boolean().optional(),
  origin: z.string().optional(),
});
export type CreateMonitorBody = z.output<typeof createMonitorBodySchema>;

export const updateMonitorBodySchema = z.strictObject({
  name: z.string().min(1).max(200).optional(),
  status: z.enum(['active', 'paused']).optional(),
  schedule: scheduleSchema.optional(),
  webhook: monitorWebhookSchema.nullable().optional(),
  notification: notificationSchema.nullable().optional(),
  targets: z.array(monitorTargetSchema).min(1).max(MAX_TARGETS).optional(),
  retentionDays: z.number().int().min(1).max(365).optional(),
  goal: z.string().max(2000).nullable().optional(),
  judgeEnabled: z.boolean().optional(),
  origin: z.string().optional(),
});
export type UpdateMonitorBody = z.output<typeof updateMonitorBodySchema>;
