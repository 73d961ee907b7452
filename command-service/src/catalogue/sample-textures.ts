import { encodeSamplePng } from './sample-png';

/**
 * Textures for the sample catalogue's materials (docs/catalogue.md "Sample catalogue"), drawn here
 * rather than shipped as photographs: wood planks, tiles with grout, patterned wallpaper, paint,
 * boards, films; coloured after the material's name. Deterministic (seeded by the code), 256 px
 * square, PNG. They are sample data like the records they belong to, and look like it.
 */

const SIZE = 256;
type Rgb = readonly [number, number, number];

/** A small seeded generator (mulberry32), so a material always gets the same texture. */
function random(seedText: string): () => number {
  let seed = 0;
  for (const c of seedText) seed = (Math.imul(seed, 31) + c.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The material's colour, read from its name. */
function colourOf(name: string, fallback: Rgb): Rgb {
  const colours: [RegExp, Rgb][] = [
    [/월넛/, [92, 60, 42]],
    [/애쉬 그레이|웜그레이/, [158, 150, 142]],
    [/라이트그레이/, [205, 205, 200]],
    [/그레이|스톤/, [170, 170, 166]],
    [/화이트오크/, [214, 190, 150]],
    [/화이트/, [240, 238, 232]],
    [/베이지/, [222, 205, 175]],
    [/그린/, [170, 195, 165]],
    [/테라조/, [225, 220, 210]],
    [/메탈/, [150, 155, 160]],
    [/블랙|다크/, [60, 60, 60]],
    [/오크|우드|내추럴|헤링본/, [196, 154, 108]],
  ];
  return colours.find(([pattern]) => pattern.test(name))?.[1] ?? fallback;
}

function paint(draw: (x: number, y: number) => Rgb): Buffer {
  const pixels = new Uint8ClampedArray(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const [r, g, b] = draw(x, y);
      const i = (y * SIZE + x) * 4;
      pixels[i] = r;
      pixels[i + 1] = g;
      pixels[i + 2] = b;
      pixels[i + 3] = 255;
    }
  }
  return encodeSamplePng(SIZE, SIZE, pixels);
}

const shade = ([r, g, b]: Rgb, by: number): Rgb => [r + by, g + by, b + by];

/** Planks of wood (floors, wood films and skirting): rows with offsets, grain, joints. */
function planks(base: Rgb, rnd: () => number, plankHeight = 32): Buffer {
  const rows = SIZE / plankHeight;
  const offsets = Array.from({ length: rows }, () => Math.floor(rnd() * SIZE));
  const tones = Array.from({ length: rows * 3 }, () => (rnd() - 0.5) * 30);
  const phase = rnd() * 10;
  return paint((x, y) => {
    const row = Math.floor(y / plankHeight);
    const along = (x + (offsets[row] ?? 0)) % SIZE;
    const piece = Math.floor(along / (SIZE / 2));
    if (y % plankHeight === 0 || along % (SIZE / 2) === 0) return shade(base, -45);
    const grain = Math.sin((y + phase) * 0.9 + Math.sin(along * 0.05 + row) * 3) * 8;
    return shade(base, (tones[row * 3 + piece] ?? 0) + grain);
  });
}

/** Tiles with grout lines; a little mottling, and veins for a terrazzo or stone look. */
function tiles(base: Rgb, rnd: () => number, tile: number, speckled: boolean): Buffer {
  const speckles = new Set<number>();
  if (speckled) for (let i = 0; i < 900; i++) speckles.add(Math.floor(rnd() * SIZE * SIZE));
  return paint((x, y) => {
    if (x % tile < 2 || y % tile < 2) return [205, 200, 192];
    if (speckles.has(y * SIZE + x)) return shade(base, -70);
    return shade(base, Math.sin(x * 0.07) * 3 + Math.cos(y * 0.05) * 3);
  });
}

/** Wallpaper: a soft woven texture, and a printed motif when the name says 패턴. */
function wallpaper(base: Rgb, patterned: boolean): Buffer {
  return paint((x, y) => {
    const weave = ((x + y) % 4 === 0 ? -6 : 0) + ((x * 3 + y) % 7 === 0 ? 4 : 0);
    const motif = patterned && ((x % 32) - 16) ** 2 + ((y % 32) - 16) ** 2 < 18 ? -24 : 0;
    return shade(base, weave + motif);
  });
}

/** Paint, boards, membranes: a flat colour with a fine, even noise. */
function flat(base: Rgb, rnd: () => number, grid = 0): Buffer {
  return paint((x, y) => {
    if (grid && (x % grid === 0 || y % grid === 0)) return shade(base, -25);
    return shade(base, (rnd() - 0.5) * 10);
  });
}

/** The PNG texture of a sample material, by its code's family and its name. */
export function sampleTexture(code: string, name: string): Buffer {
  const rnd = random(code);
  const family = code.split('-')[1] ?? '';
  switch (family) {
    case 'FLR':
      return planks(colourOf(name, [196, 154, 108]), rnd);
    case 'VNL':
      return /스톤/.test(name)
        ? tiles(colourOf(name, [170, 170, 166]), rnd, 128, true)
        : planks(colourOf(name, [190, 150, 110]), rnd, 42);
    case 'TIL':
      return tiles(
        colourOf(name, [200, 200, 196]),
        rnd,
        /대형|1200/.test(name) ? 128 : /300×300|논슬립/.test(name) ? 32 : 64,
        false,
      );
    case 'WTL':
      return tiles(
        colourOf(name, [240, 238, 232]),
        rnd,
        /서브웨이/.test(name) ? 24 : 64,
        /테라조/.test(name),
      );
    case 'WPR':
      return wallpaper(colourOf(name, [240, 238, 232]), /패턴/.test(name));
    case 'CLG':
      return flat(colourOf(name, [235, 235, 230]), rnd, /SMC/.test(name) ? 64 : 0);
    case 'MLD':
    case 'FLM':
      return /우드/.test(name)
        ? planks(colourOf(name, [170, 125, 85]), rnd, 64)
        : flat(colourOf(name, [235, 235, 232]), rnd);
    case 'WPF':
      return flat([120, 135, 150], rnd);
    default:
      return flat(colourOf(name, [230, 228, 222]), rnd);
  }
}
