/**
 * SHA-256 of a text (its UTF-8 bytes) as lower-case hex. The browser's crypto.subtle does this,
 * but only in a secure context: the embedded default is often opened over plain HTTP on a LAN
 * address, where crypto.subtle does not exist. There the small implementation below (FIPS 180-4)
 * gives the same digest; the tests check both against Node's crypto.
 */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    try {
      return toHex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
    } catch {
      // Some browsers expose subtle but refuse to digest outside a secure context.
    }
  }
  return sha256HexSync(bytes);
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** First 32 bits of the fractional parts of the square roots (H) and cube roots (K) of the first primes. */
const { initialHash, roundConstants } = (() => {
  const primes: number[] = [];
  for (let candidate = 2; primes.length < 64; candidate++) {
    if (primes.every((p) => candidate % p !== 0)) primes.push(candidate);
  }
  const fraction = (x: number) => ((x - Math.floor(x)) * 2 ** 32) >>> 0;
  return {
    initialHash: primes.slice(0, 8).map((p) => fraction(Math.sqrt(p))),
    roundConstants: primes.map((p) => fraction(Math.cbrt(p))),
  };
})();

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

export function sha256HexSync(message: Uint8Array): string {
  const bitLength = message.length * 8;
  // The message, a 1 bit, zeros, then the length in bits as a 64-bit big-endian number.
  const padded = new Uint8Array((((message.length + 8) >> 6) + 1) << 6);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);

  const hash = [...initialHash];
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = hash as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 =
        (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + roundConstants[i]! + w[i]!) >>>
        0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const next = [a, b, c, d, e, f, g, h];
    for (let i = 0; i < 8; i++) hash[i] = (hash[i]! + next[i]!) >>> 0;
  }
  return hash.map((word) => word.toString(16).padStart(8, '0')).join('');
}
