import { describeDelta, documentDelta } from './design';
import { emptyDesignDocument } from './design-document';
import { auditSentence } from './event-labels';
import { orientation } from './geometry';

describe('orientation', () => {
  const exact = (a: { x: number; y: number }, b: { x: number; y: number }, c: { x: number; y: number }) => {
    const v = BigInt(b.x - a.x) * BigInt(c.y - a.y) - BigInt(b.y - a.y) * BigInt(c.x - a.x);
    return v > 0n ? 1 : v < 0n ? -1 : 0;
  };
  it.each([
    ['document scale', 1_000_000],
    ['beyond exact doubles', 4_000_000_000],
  ])('matches exact integer arithmetic at %s', (_, scale) => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.round((seed / 2_147_483_648 - 0.5) * 2 * scale);
    };
    for (let i = 0; i < 2_000; i++) {
      const a = { x: random(), y: random() };
      const b = { x: random(), y: random() };
      const c = i % 10 === 0 ? { x: 2 * b.x - a.x, y: 2 * b.y - a.y } : { x: random(), y: random() };
      expect(orientation(a, b, c)).toBe(exact(a, b, c));
    }
  });
});

describe('design log sentences', () => {
  it('says what a save added and removed', () => {
    const room = (id: string) => ({
      id,
      name: '방',
      polygon: [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 0, y: 1 },
      ],
      ceilingHeight: 2400,
    });
    const before = { ...emptyDesignDocument(), rooms: [room('a')] };
    const after = { ...emptyDesignDocument(), rooms: [room('b'), room('c')] };
    const delta = documentDelta(before, after);
    expect(describeDelta(delta)).toBe('방 2개를 추가하고 방 1개를 삭제');
    expect(
      auditSentence({
        actorName: '김민준',
        type: 'DesignDocumentChanged',
        objectType: 'Design',
        objectId: 7,
        objectName: '‘거실’',
        action: describeDelta(delta),
      }),
    ).toBe('김민준님이 디자인 ‘거실’에서 방 2개를 추가하고 방 1개를 삭제했습니다.');
    expect(describeDelta(documentDelta(before, before))).toBe('문서를 수정');
  });
});
