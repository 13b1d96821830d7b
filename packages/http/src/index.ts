export { createTrawlApi, type TrawlApi } from './api.js';
export type { TrawlApiOptions, WebhookSettings } from './options.js';
export { createServer, type TrawlServer } from './server/create-server.js';
export {
  readServerSettings,
  readAllowPrivateNetwork,
  openAccessProblem,
  parseCredits,
  DEFAULT_HOST,
  DEFAULT_PORT,
  type ServerSettings,
  type Env,
} from './server/settings.js';
export { createStoreRegistry, storeScheme, type StoreDriver, type StoreRegistry } from './server/store-registry.js';
export { isLoopbackHost } from './server/loopback.js';
export { parseApiKeys } from './auth/api-keys.js';
export { OPEN_TEAM_ID, type AuthOption, type AuthFunction } from './auth/authenticate.js';
export { parseRateLimits, RATE_LIMIT_CLASSES, type RateLimits, type RateLimitClass } from './limits/rate-limits.js';
export { CREDIT_COSTS, UNLIMITED_CREDITS_DISPLAY } from './limits/credits.js';
export { createJobNotifier, type JobNotifier, type JobNotifierOptions } from './jobs/job-notifier.js';
export type { Logger } from './logger.js';
export * from './webhooks/index.js';
