/**
 * A page (or a piece of one) rarely holds every field a schema asks for. The model is therefore
 * asked with a copy of the schema in which every property is present but may be null: "not on
 * this page" becomes an explicit answer instead of an invented one, and partial answers merge.
 * This is also the shape strict structured-output servers require (all properties required).
 */
import type { JsonSchema } from '../ports/llm.js';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `schema` with every object property required and nullable, at every depth. */
export function nullableSchema(schema: JsonSchema): JsonSchema {
  return relax(schema);
}

function relax(schema: Schema): Schema {
  const out: Schema = { ...schema };
  if (isSchema(schema.properties)) {
    const properties: Schema = {};
    for (const [key, value] of Object.entries(schema.properties)) properties[key] = isSchema(value) ? allowNull(relax(value)) : value;
    out.properties = properties;
    out.required = Object.keys(properties);
  }
  if (isSchema(schema.items)) out.items = relax(schema.items);
  return out;
}

function allowNull(schema: Schema): Schema {
  const { type } = schema;
  const withNullEnum = Array.isArray(schema.enum) && !schema.enum.includes(null) ? { enum: [...schema.enum, null] } : {};
  if (typeof type === 'string') return type === 'null' ? schema : { ...schema, type: [type, 'null'], ...withNullEnum };
  if (Array.isArray(type)) return type.includes('null') ? schema : { ...schema, type: [...type, 'null'], ...withNullEnum };
  if (!Object.keys(schema).some((key) => key !== 'description' && key !== 'title')) return schema; // {} already allows null
  const { description, title, ...rest } = schema;
  return {
    ...(description === undefined ? {} : { description }),
    ...(title === undefined ? {} : { title }),
    anyOf: [rest, { type: 'null' }],
  };
}

/**
 * Removes the nulls the nullable schema let in where the caller's schema does not want them
 * (optional properties), so the answer reads as the caller's schema describes it. Required
 * properties left null stay, and are reported by `missingRequired`.
 */
export function withoutOptionalNulls(schema: JsonSchema | undefined, value: unknown): unknown {
  if (!schema) return value;
  if (Array.isArray(value)) return isSchema(schema.items) ? value.map((item) => withoutOptionalNulls(schema.items as Schema, item)) : value;
  if (!isSchema(value) || !isSchema(schema.properties)) return value;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const properties = schema.properties;
  const out: Schema = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null && !required.has(key)) continue;
    const propertySchema = properties[key];
    out[key] = isSchema(propertySchema) ? withoutOptionalNulls(propertySchema, item) : item;
  }
  return out;
}

/** Paths of required properties that ended without a value (`price`, `products[2].name`). */
export function missingRequired(schema: JsonSchema | undefined, value: unknown, path = ''): string[] {
  if (!schema) return [];
  if (Array.isArray(value)) {
    return isSchema(schema.items) ? value.flatMap((item, i) => missingRequired(schema.items as Schema, item, `${path}[${i}]`)) : [];
  }
  if (!isSchema(value) || !isSchema(schema.properties)) return [];
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  const missing: string[] = [];
  for (const [key, propertySchema] of Object.entries(schema.properties)) {
    const at = path ? `${path}.${key}` : key;
    const item = value[key];
    if (item === null || item === undefined) {
      if (required.includes(key)) missing.push(at);
    } else if (isSchema(propertySchema)) {
      missing.push(...missingRequired(propertySchema, item, at));
    }
  }
  return missing;
}
