/**
 * `@trawl/core/settings`: the table of runtime settings and its reader. Loads nothing but the
 * table, so commands build their help from it without loading the rest of core.
 */
export {
  SETTINGS,
  PROCESS_SETTINGS,
  BROWSER_ISOLATIONS,
  ENGINE_CHOICES,
  SEARCH_PROVIDERS,
  type Settings,
  type SettingName,
  type SettingValue,
  type SettingTypeOf,
} from './table.js';
export { readSettings, readSetting, showSetting, defaultText, type GivenSettings, type SettingValues } from './read.js';
export type { Env, Setting, SettingScope, SettingType } from './types.js';
export {
  booleanType,
  httpUrlType,
  invalidSetting,
  oneOfType,
  portType,
  positiveNumberType,
  textType,
  wholeNumberType,
} from './parse-types.js';
export { apiKeysType, creditsType, rateLimitsType, RATE_LIMIT_CLASSES, type RateLimitClass, type RateLimits } from './server-types.js';
export {
  DEFAULT_STORE_URL,
  STORE_URL_FORMS,
  STORE_SCHEMES,
  parseStoreUrl,
  redactStoreUrl,
  storeUrlType,
  type StoreUrl,
} from './store-url.js';
export * from './defaults.js';
