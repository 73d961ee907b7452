import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { drawDocumentSvg, drawWallDrawingSvg, escapeXml } from './drawing';
import { workedExampleDocument } from './estimate-example';

const wellFormed = (svg: string) => expect(XMLValidator.validate(svg)).toBe(true);
const count = (svg: string, pattern: RegExp) => svg.match(pattern)?.length ?? 0;

describe('drawDocumentSvg', () => {
  test('the worked example: a room with its area, four walls, a door, two items', () => {
    const svg = drawDocumentSvg(workedExampleDocument(), { title: '거실 도면' });
    wellFormed(svg);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(count(svg, /<polygon /g)).toBe(1);
    expect(svg).toContain('>거실</tspan>');
    expect(svg).toContain('>12 ㎡</tspan>');
    expect(count(svg, /class="wall" /g)).toBe(4);
    expect(count(svg, /class="opening door"/g)).toBe(1);
    expect(count(svg, /class="item"/g)).toBe(2);
    expect(svg).toContain('<title>거실 도면</title>');
  });

  test.each([
    ['a 4 × 3 m plan', workedExampleDocument(), [-240, -240, 4480, 3480]],
    [
      'an empty document',
      { ...workedExampleDocument(), walls: [], rooms: [], items: [], openings: [] },
      [-60, -60, 1120, 1120],
    ],
  ])('the viewBox fits %s with a margin', (_, doc, box) => {
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(drawDocumentSvg(doc));
    expect(parsed.svg['@_viewBox'].split(' ').map(Number)).toEqual(box);
  });

  test('hostile names are escaped', () => {
    const doc = workedExampleDocument();
    doc.rooms[0]!.name = '<script>alert("x")</script> & \'방\'';
    const svg = drawDocumentSvg(doc, { title: '"><img src=x onerror=alert(1)>' });
    wellFormed(svg);
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<img');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;방&apos;');
  });

  test('windows, wall drawings, rotated items and a diagonal wall', () => {
    const doc = workedExampleDocument();
    doc.walls.push({
      id: 'diag',
      a: { x: 4000, y: 3000 },
      b: { x: 6000, y: 5000 },
      thickness: 100,
      height: 2400,
    });
    doc.openings.push({
      id: 'win',
      wallId: 'w3',
      kind: 'Window',
      offset: 1000,
      width: 1500,
      height: 1200,
      sill: 900,
    });
    doc.wallDrawings.push({ id: 'art', wallId: 'w4', wallDrawingId: 9, offset: 500 });
    const svg = drawDocumentSvg(doc, {
      products: { '1': { width: 2100, depth: 900, name: '3인 소파' } },
      wallDrawingWidths: { '9': 2000 },
    });
    wellFormed(svg);
    expect(count(svg, /class="opening window"/g)).toBe(1);
    expect(count(svg, /class="wall-drawing"/g)).toBe(1);
    expect(svg).toContain(
      '<g class="item" data-id="i2" transform="rotate(90 3000 1000)"><title>3인 소파</title>',
    );
    expect(svg).toContain('width="2100" height="900" fill="#fff8e1"');
  });
});

describe('products from above', () => {
  test('a product with an image shows it over its footprint; one without, its name; an unknown one, its id', () => {
    const doc = workedExampleDocument();
    doc.items.push({ id: 'i3', productId: 7, x: 500, y: 2500, rotation: 45 });
    const svg = drawDocumentSvg(doc, {
      products: {
        '1': { width: 2100, depth: 900, name: '소파', image: 'data:image/png;base64,AAAA' },
        '2': { width: 600, depth: 600, name: '<의자>' },
      },
    });
    wellFormed(svg);
    expect(count(svg, /<image href="data:image\/png;base64,AAAA" /g)).toBe(2);
    expect(svg).toContain('transform="rotate(45 500 2500)"><title>제품 #7</title>');
    expect(svg).toContain('>제품 #7</text>');
  });

  test('names are escaped, and an image is only ever an attribute', () => {
    const doc = workedExampleDocument();
    doc.items = [{ id: 'i1', productId: 2, x: 0, y: 0, rotation: 0 }];
    const svg = drawDocumentSvg(doc, {
      products: { '2': { width: 600, depth: 600, name: '<script>', image: '"><script>x</script>' } },
    });
    wellFormed(svg);
    expect(svg).not.toContain('<script');
  });
});

describe('drawWallDrawingSvg', () => {
  test('outline and elements, names escaped', () => {
    const svg = drawWallDrawingSvg(
      {
        width: 2000,
        height: 2400,
        elements: [
          { materialId: 5, x: 0, y: 0, width: 1000, height: 2400 },
          { materialId: 6, x: 1000, y: 0, width: 1000, height: 2400 },
        ],
      },
      { materialNames: { '5': '대리석 <A&B>' }, title: '아트월' },
    );
    wellFormed(svg);
    expect(count(svg, /class="element"/g)).toBe(2);
    expect(svg).toContain('대리석 &lt;A&amp;B&gt;');
  });

  test('escapeXml', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
