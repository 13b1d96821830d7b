import { Ajv, type ValidateFunction } from 'ajv';
import { TrawlError } from '@trawl/core';
import type { JsonSchema } from '@trawl/core/ports';

const CACHE_SIZE = 64;
const MAX_ERRORS_SHOWN = 10;

/**
 * Checks answers against request schemas with Ajv. Compiled validators are kept for the most
 * recent schemas only, so a server that sees a new schema per request does not grow.
 */
export class SchemaValidator {
  private readonly ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
  private readonly compiled = new Map<string, { schema: object; validate: ValidateFunction }>();

  /** Error lines (empty when the value is valid). Throws INVALID_OPTIONS for a schema that is not a JSON Schema. */
  check(schema: JsonSchema, value: unknown): string[] {
    const validate = this.validatorOf(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, MAX_ERRORS_SHOWN).map((e) => {
      const where = e.instancePath || '(the answer)';
      const allowed = e.keyword === 'enum' ? `: ${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)}` : '';
      return `${where} ${e.message ?? 'is invalid'}${allowed}`;
    });
  }

  private validatorOf(schema: JsonSchema): ValidateFunction {
    const key = JSON.stringify(schema);
    const hit = this.compiled.get(key);
    if (hit) {
      this.compiled.delete(key);
      this.compiled.set(key, hit); // most recently used last
      return hit.validate;
    }
    // A draft's `$schema` URI Ajv may not know, and an `$id` reused by another request, would both fail compiling.
    const { $schema: _draft, $id: _id, ...compilable } = schema;
    let validate: ValidateFunction;
    try {
      validate = this.ajv.compile(compilable);
    } catch (error) {
      throw new TrawlError(
        'INVALID_OPTIONS',
        `The schema is not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    this.compiled.set(key, { schema: compilable, validate });
    if (this.compiled.size > CACHE_SIZE) {
      const [oldestKey, oldest] = this.compiled.entries().next().value!;
      this.compiled.delete(oldestKey);
      this.ajv.removeSchema(oldest.schema);
    }
    return validate;
  }
}
