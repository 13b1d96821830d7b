import type { Converter } from '../ports/converter.js';
import { ConvertPool } from './convert-pool.js';

/**
 * The default runtime's converter: a ConvertPool with the default settings. The runtime takes it
 * as a Converter (the port), so runtime/ never depends on the pool's class.
 */
export function newConverter(): Converter {
  return new ConvertPool();
}
