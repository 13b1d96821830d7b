/**
 * `proxy: "stealth"` also hides the signals that give headless automation away. Runs in every
 * frame before the page's own scripts.
 */
export const STEALTH_SCRIPT = `(() => {
  const define = (object, name, value) => {
    try { Object.defineProperty(object, name, { get: () => value, configurable: true }); } catch {}
  };
  define(Navigator.prototype, 'webdriver', false);
  if (!navigator.plugins || navigator.plugins.length === 0) {
    const plugin = { name: 'PDF Viewer', filename: 'internal-pdf-viewer', description: 'Portable Document Format', length: 1 };
    define(Navigator.prototype, 'plugins', Object.assign([plugin, plugin, plugin, plugin, plugin], { item: (i) => plugin, namedItem: () => plugin, refresh: () => {} }));
    define(Navigator.prototype, 'mimeTypes', Object.assign([{ type: 'application/pdf', suffixes: 'pdf', description: '' }], { item: () => null, namedItem: () => null }));
  }
  if (!window.chrome) define(window, 'chrome', { runtime: {}, app: { isInstalled: false }, csi: () => ({}), loadTimes: () => ({}) });
  const query = navigator.permissions && navigator.permissions.query && navigator.permissions.query.bind(navigator.permissions);
  if (query) {
    navigator.permissions.query = (parameters) =>
      parameters && parameters.name === 'notifications' ? Promise.resolve({ state: Notification.permission, onchange: null }) : query(parameters);
  }
  define(Navigator.prototype, 'hardwareConcurrency', Math.max(4, navigator.hardwareConcurrency || 4));
})();`;

/** Chromium's own user agent without the "Headless" that sites block on. */
export function headfulUserAgent(userAgent: string): string {
  return userAgent.replace(/HeadlessChrome/g, 'Chrome');
}
