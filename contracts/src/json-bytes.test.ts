import fc from 'fast-check';
import { jsonUtf8Bytes } from './json-bytes';

/** The count the walk must equal: the bytes of the text JSON.stringify makes, Infinity when it throws. */
function serialisedBytes(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Any UTF-16 code unit, lone surrogates and controls included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

describe('jsonUtf8Bytes', () => {
  it('counts what JSON.stringify writes, for any value', () => {
    fc.assert(
      fc.property(
        fc.anything({
          stringUnit: fc.oneof(codeUnit, fc.constantFrom('"', '\\', '\n', '\u0001', '가', '😀')),
          withBoxedValues: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withBigInt: true,
          withDate: true,
          withTypedArray: true,
          withSparseArray: true,
          withObjectString: true,
        }),
        (value) => jsonUtf8Bytes(value) === serialisedBytes(value),
      ),
      { numRuns: 3_000 },
    );
  });

  it('counts JSON documents exactly, numbers of every kind included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => jsonUtf8Bytes(value) === serialisedBytes(value)),
      { numRuns: 3_000 },
    );
    const numbers = [
      0,
      -0,
      7,
      -7,
      10,
      99,
      100,
      -100,
      1e21,
      1e-7,
      5e-324,
      2 ** 53,
      2 ** 53 + 2,
      -(2 ** 53) - 2,
    ];
    for (const n of [...numbers, Number.NaN, Number.POSITIVE_INFINITY, 0.1 + 0.2, Number.MAX_VALUE]) {
      expect(jsonUtf8Bytes(n)).toBe(serialisedBytes(n));
      expect(jsonUtf8Bytes({ n: [n] })).toBe(serialisedBytes({ n: [n] }));
    }
  });

  it('counts escapes, surrogate pairs and lone surrogates as written', () => {
    const texts = [
      '"',
      '\\',
      '\b\t\n\f\r',
      '\u0000\u001f',
      '\u007f',
      'é',
      '가',
      '😀',
      '\ud800',
      '\udc00x',
      '\udbff\udfff',
      'a\ud83d',
    ];
    for (const text of texts) {
      expect(jsonUtf8Bytes(text)).toBe(serialisedBytes(text));
      expect(jsonUtf8Bytes({ [text]: text })).toBe(serialisedBytes({ [text]: text }));
    }
  });

  it('leaves what JSON drops out of objects and writes it null in arrays', () => {
    const value = { a: undefined, b: () => 1, c: Symbol('c'), d: [undefined, () => 1, Symbol('d')], e: 1 };
    expect(jsonUtf8Bytes(value)).toBe(serialisedBytes(value));
    expect(jsonUtf8Bytes({ only: undefined })).toBe(2);
    expect(jsonUtf8Bytes(undefined)).toBe(0);
  });

  it('counts a toJSON method and a class instance as JSON.stringify writes them', () => {
    const at = new Date(Date.UTC(2026, 11, 7));
    expect(jsonUtf8Bytes({ at })).toBe(serialisedBytes({ at }));
    expect(jsonUtf8Bytes({ custom: { toJSON: () => '한글' } })).toBe(serialisedBytes({ custom: '한글' }));
    expect(jsonUtf8Bytes({ map: new Map([[1, 2]]) })).toBe(2 + 6 + 2);
  });

  it('answers Infinity for what cannot be written: a cycle, a bigint', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = { back: cycle };
    expect(jsonUtf8Bytes(cycle)).toBe(Number.POSITIVE_INFINITY);
    expect(jsonUtf8Bytes({ big: 1n })).toBe(Number.POSITIVE_INFINITY);
  });

  it('counts nesting deeper than the walk goes', () => {
    let deep: unknown = ['가'];
    for (let i = 0; i < 3_000; i++) deep = i % 2 ? [deep] : { d: deep };
    expect(jsonUtf8Bytes(deep)).toBe(serialisedBytes(deep));
  });
});
