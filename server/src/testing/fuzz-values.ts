import fc from 'fast-check';
import { z } from 'zod';

/**
 * What the route fuzzing (api/fuzz.test.ts) sends: values an attacker tries, and values of a
 * route's own schema.
 */

// ---------------------------------------------------------------------------------------------
// Values an attacker tries

export const prototypeKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
];
export const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '😀',
  '한글',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%00',
  '../../etc/passwd',
  '9'.repeat(40),
  'x'.repeat(5000),
  '1e400',
  'NaN',
  '-0',
  ...prototypeKeys,
);
export const hostileNumbers = fc.constantFrom(
  0,
  -1,
  -0,
  0.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
);
/**
 * Stands for JSON nested `depth` deep inside a generated value: no JSON.stringify can write that
 * (it overflows the stack), so the request's text gets it in place of the marker (`jsonText`).
 */
export const deepMarker = (depth: number) => `\u0001deep:${depth}\u0001`;
export function jsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/"\\u0001deep:(\d+)\\u0001"/g, (_, depth) => {
    const n = Number(depth);
    return `${'{"a":['.repeat(n)}1${']}'.repeat(n)}`;
  });
}

/** JSON values that are each hostile somewhere. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(30, 2500, 5000).map(deepMarker),
  hostileStrings,
  hostileNumbers,
  fc.constantFrom(null, true, false, [], {}),
  fc.constantFrom(...prototypeKeys).map((key) => JSON.parse(`{"${key}":1}`)),
  fc.constantFrom(...prototypeKeys).map((key) => JSON.parse(`{"${key}":{"${key}":{"polluted":true}}}`)),
  fc.array(hostileNumbers, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);
/** JSON text no JSON.stringify would write: deep nesting, numbers beyond doubles, escapes. */
export const hostileJsonText = fc.oneof(
  fc.constantFrom(64, 65, 200, 5000, 20_000).map((depth) => `${'['.repeat(depth)}1${']'.repeat(depth)}`),
  fc.constantFrom(100, 5000).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.constantFrom(
    '1e400',
    '-1e400',
    '123456789012345678901234567890',
    '{"id":1e400}',
    '{"a":"\\u0000"}',
    '{"a":"\\ud800"}',
    '{"\\u0000":1}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"a":1,"a":2}',
    '{"a":1',
    '[',
    '"',
    'null',
    'true',
    '0',
    '""',
    '\ufeff{}',
    '{}garbage',
  ),
);
/** Bytes that are no UTF-8, and bytes that are UTF-8 of text nobody stores. */
export const hostileBytes = fc.oneof(
  fc.constantFrom(
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d]),
    Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
    Buffer.from([0xed, 0xa0, 0x80]),
    Buffer.from([0xc0, 0xaf]),
    Buffer.from([0x00, 0x00, 0x00]),
  ),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
);

// ---------------------------------------------------------------------------------------------
// Values a route's own schema describes

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  format?: string;
}

/**
 * Values a JSON Schema (as zod writes one, `z.toJSONSchema`) describes. What zod checks beyond
 * JSON Schema (refinements) is left to chance: those values are refused with a 400, which the
 * fuzzing wants too.
 */
export function fromSchema(schema: JsonSchema, key?: string, complete = false): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(s, key, complete)));
  switch (schema.type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }));
      return fc.record(
        Object.fromEntries(properties.map(([name, s]) => [name, fromSchema(s, name, complete)])),
        {
          requiredKeys: complete
            ? properties.map(([name]) => name)
            : (schema.required ?? []).filter((name) => properties.some(([p]) => p === name)),
        },
      );
    }
    case 'array':
      return fc.array(
        schema.items ? fromSchema(schema.items, undefined, complete) : fc.jsonValue({ maxDepth: 1 }),
        {
          minLength: Math.min(schema.minItems ?? (complete ? 1 : 0), 3),
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        },
      );
    case 'string': {
      if (schema.format === 'date-time') {
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      }
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      if (key === 'email') return fc.emailAddress();
      const maxLength = Math.min(schema.maxLength ?? 30, 60);
      return fc.string({
        minLength: Math.min(schema.minLength ?? 0, maxLength),
        maxLength,
        unit: 'grapheme',
      });
    }
    case 'integer':
      return fc.integer({
        min:
          schema.minimum ??
          (schema.exclusiveMinimum === undefined ? -(2 ** 31) : schema.exclusiveMinimum + 1),
        max: schema.maximum ?? 2 ** 31 - 1,
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of the schema, sometimes with one field (at any depth) replaced by a hostile value. */
export function bodyFromSchema(schema: z.ZodType): fc.Arbitrary<unknown> {
  const valid = fromSchema(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, hostileValue, fc.nat(), fc.constantFrom(...prototypeKeys, 'extra'))
        .map(([value, hostile, pick, stray]) => mutate(value, hostile, pick, stray)),
    },
  );
}

/** Replaces one field (chosen by `pick`) with `hostile`, or adds it under `stray`. */
function mutate(value: unknown, hostile: unknown, pick: number, stray: string): unknown {
  if (Array.isArray(value)) {
    if (value.length === 0) return [hostile];
    const copy = [...value];
    const i = pick % copy.length;
    copy[i] = pick % 2 ? hostile : mutate(copy[i], hostile, Math.floor(pick / 2), stray);
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    const entries = Object.entries(value);
    if (keys.length === 0 || pick % 5 === 0) return Object.fromEntries([...entries, [stray, hostile]]);
    const key = keys[pick % keys.length]!;
    const inner = (value as Record<string, unknown>)[key];
    const replaced = pick % 3 === 0 ? mutate(inner, hostile, Math.floor(pick / 3), stray) : hostile;
    return Object.fromEntries(entries.map(([k, v]) => [k, k === key ? replaced : v]));
  }
  return hostile;
}
