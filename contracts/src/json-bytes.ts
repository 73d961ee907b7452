/**
 * The UTF-8 bytes of `JSON.stringify(value)`, counted by walking the value instead of making its
 * text: a megabyte document's text costs its serialisation and then, to be counted, its flattening
 * (V8 builds a long text in parts), about three times the walk, and two megabytes of garbage.
 * No library counts JSON without writing it, hence this walk.
 *
 * Exact for what JSON.parse makes (plain objects, arrays, strings, numbers, booleans, null) and the
 * values JSON.stringify drops or turns into `null`. Anything else (a `toJSON` method, a class
 * instance, a bigint, nesting past MAX_DEPTH, which a cycle reaches) is counted by serialising it, as
 * JSON.stringify would: Infinity when it cannot be (a cycle, a bigint); 0 when it makes no text.
 */
export function jsonUtf8Bytes(value: unknown): number {
  const walked = valueBytes(value, 0);
  if (walked !== NOT_PLAIN) return walked;
  try {
    return textUtf8Bytes(JSON.stringify(value) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** What the walk answers for a value it does not count itself. */
const NOT_PLAIN = -1;

/** Deeper than this the walk leaves the count to JSON.stringify, which also finds cycles. */
const MAX_DEPTH = 1_000;

function valueBytes(value: unknown, depth: number): number {
  switch (typeof value) {
    case 'string':
      return stringBytes(value);
    case 'number':
      // JSON writes a number as String(n) does; NaN and ±Infinity as null.
      return Number.isSafeInteger(value)
        ? integerDigits(value)
        : Number.isFinite(value)
          ? String(value).length
          : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      if (value === null) return 4;
      if (depth >= MAX_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function')
        return NOT_PLAIN;
      return Array.isArray(value) ? arrayBytes(value, depth) : objectBytes(value, depth);
    default:
      // A bigint throws; undefined, a function or a symbol makes no text (in an array or an
      // object, its caller counts what JSON makes of it there).
      return NOT_PLAIN;
  }
}

/** Dropped from an object, written `null` in an array. */
const dropped = (value: unknown) => {
  const type = typeof value;
  return type === 'undefined' || type === 'function' || type === 'symbol';
};

function arrayBytes(array: readonly unknown[], depth: number): number {
  // Brackets and the commas between items.
  let bytes = array.length > 0 ? array.length + 1 : 2;
  for (let i = 0; i < array.length; i++) {
    const item = array[i];
    if (dropped(item)) {
      bytes += 4;
      continue;
    }
    const itemBytes = valueBytes(item, depth + 1);
    if (itemBytes === NOT_PLAIN) return NOT_PLAIN;
    bytes += itemBytes;
  }
  return bytes;
}

function objectBytes(object: object, depth: number): number {
  const prototype = Object.getPrototypeOf(object);
  if (prototype !== Object.prototype && prototype !== null) return NOT_PLAIN;
  let bytes = 2;
  let members = 0;
  // Object.keys: the own enumerable string keys, in the order JSON.stringify writes them.
  for (const key of Object.keys(object)) {
    const member = (object as Record<string, unknown>)[key];
    if (dropped(member)) continue;
    const memberBytes = valueBytes(member, depth + 1);
    if (memberBytes === NOT_PLAIN) return NOT_PLAIN;
    bytes += stringBytes(key) + 1 + memberBytes;
    members++;
  }
  return members > 0 ? bytes + members - 1 : bytes;
}

/** Digits and sign of a safe integer (-0 is written 0). */
function integerDigits(n: number): number {
  let digits = n < 0 ? 2 : 1;
  for (let rest = Math.abs(n); rest >= 10; rest = Math.floor(rest / 10)) digits++;
  return digits;
}

/** Printable ASCII but `"` and `\`: written as it is. */
const WRITTEN_AS_IS = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * A string as JSON writes it, quotes included: `"` and `\` and the controls with a short escape in
 * two bytes, the other controls and lone surrogates as `\uXXXX`, the rest in UTF-8.
 */
function stringBytes(text: string): number {
  if (WRITTEN_AS_IS.test(text)) return text.length + 2;
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20) bytes += code === 8 || code === 9 || code === 10 || code === 12 || code === 13 ? 2 : 6;
    else if (code < 0x80) bytes += code === 0x22 || code === 0x5c ? 2 : 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 6;
    } else if (code >= 0xdc00 && code <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}

/**
 * Node's Buffer counts a text's UTF-8 bytes without making them; a browser has only TextEncoder.
 * (JSON.stringify's text is well-formed: its lone surrogates are escaped.)
 */
const nodeBuffer = (globalThis as { Buffer?: { byteLength(text: string): number } }).Buffer;
const textUtf8Bytes = (text: string): number =>
  nodeBuffer ? nodeBuffer.byteLength(text) : new TextEncoder().encode(text).length;
