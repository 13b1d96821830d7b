export { createConsole, type ConsoleLocation, type TrawlConsole } from './console-site.js';
export { CONSOLE_CSP } from './content-policy.js';
