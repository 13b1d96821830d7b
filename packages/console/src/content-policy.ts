/**
 * The console's Content-Security-Policy: its own script and stylesheet only (no inline code, no
 * other origin), calls to this server only (fetch and the status WebSocket), images from itself
 * or data/blob URLs (screenshots), no frames, forms, plugins or base changes.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** Headers every console answer carries. */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};
