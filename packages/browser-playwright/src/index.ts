export { createPlaywrightBrowser, type BrowserStats, type PlaywrightBrowser, type PlaywrightBrowserOptions } from './playwright-browser.js';
export { ISOLATIONS, type Isolation } from './page-source.js';
export { browserFromEnv, proxyFromUrl } from './from-env.js';
export { findChromium, requireChromium, SYSTEM_CHROMIUM_PATHS } from './chromium-path.js';
export { CHROMIUM_ARGS, type PoolStats } from './chromium-pool.js';
export { DESKTOP_VIEWPORT, MOBILE_DEVICE, type ProxyServer, type ProxyServers } from './context-plan.js';
export { dataUrlScreenshots, fileScreenshotSink, type FileScreenshotSink, type FileScreenshotSinkOptions } from './screenshot-sinks.js';
export { builtInAdHosts, parseHostList, hostMatcher, type HostMatcher } from './ad-hosts.js';
export { countryProfile, acceptLanguage, supportedCountries, type CountryProfile } from './locations.js';
