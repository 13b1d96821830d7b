// Express 4 and 5 are installed under aliases to test both; a minimal shape is all the tests use.
declare module 'express4' {
  import type { RequestListener } from 'node:http';
  interface App extends RequestListener {
    use(...handlers: unknown[]): App;
    get(path: string, handler: (req: unknown, res: { json(body: unknown): void }) => void): App;
  }
  interface Express {
    (): App;
    json(options?: { limit?: string }): unknown;
  }
  const express: Express;
  export default express;
}
declare module 'express5' {
  export { default } from 'express4';
}
declare module 'connect' {
  import type { RequestListener } from 'node:http';
  interface ConnectApp extends RequestListener {
    use(...handlers: unknown[]): ConnectApp;
  }
  export default function connect(): ConnectApp;
}
