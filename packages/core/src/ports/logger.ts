/** Where a long-running process reports failures it could not answer anyone about (default: console.error). */
export interface Logger {
  error(message: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  error(message, error) {
    console.error(`[trawl] ${message}`, error ?? '');
  },
};
