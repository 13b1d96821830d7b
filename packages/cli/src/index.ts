export { createProgram, run } from './program.js';
export type { CliIO } from './io.js';
