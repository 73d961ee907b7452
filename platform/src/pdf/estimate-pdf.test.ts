import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  computeEstimate,
  DEFAULT_RATES,
  ESTIMATE_LIMITS,
  estimateBoundErrors,
  estimationLimits,
  formatRegistrationNumber,
  LINE_KINDS,
  priceLines,
  totalsOf,
  workedExampleCatalogue,
  workedExampleDocument,
  workedExampleTotals,
} from '@interior/contracts';
import fc from 'fast-check';
import { amountInKoreanWords, type EstimatePdfInput, koreanDate, renderEstimatePdf } from './estimate-pdf';

/** The text of a PDF as a reader extracts it (pdfjs-dist, in a child process). */
function pdfText(pdf: Buffer): { pages: string[][]; title: string | null } {
  const script = path.join(__dirname, 'pdf-text.mjs');
  return JSON.parse(
    execFileSync(process.execPath, [script], { input: pdf, maxBuffer: 64 * 1024 * 1024 }).toString(),
  );
}

/** A 1 × 1 PNG, as a seal. */
const PNG_SEAL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);

function workedExampleQuote(): EstimatePdfInput {
  const { lines, totals } = computeEstimate(workedExampleDocument(), workedExampleCatalogue());
  return {
    estimateNumber: 'EST-20261123-0001',
    revision: 1,
    orderNumber: 'ORD-20261125-0007',
    issuedAt: '2026-11-23T05:00:00Z',
    validUntil: '2026-12-23',
    projectName: '래미안 34평 거실 리모델링 (예시)',
    recipient: { name: '김민준' },
    supplier: {
      name: '한빛인테리어 주식회사 (예시)',
      registrationNumber: '1248100998',
      representative: '이서연',
      address: '서울특별시 강남구 테헤란로 123, 4층',
      phone: '02-1234-5678',
      email: 'estimate@hanbit.example',
    },
    lines,
    totals,
  };
}

describe('the 견적서 PDF', () => {
  let pdf: Buffer;
  let text: { pages: string[][]; title: string | null };
  beforeAll(async () => {
    pdf = await renderEstimatePdf(workedExampleQuote());
    text = pdfText(pdf);
    if (process.env.ESTIMATE_PDF_OUT) fs.writeFileSync(process.env.ESTIMATE_PDF_OUT, pdf);
  });
  const all = () => text.pages.flat();

  test('is a PDF with the font embedded as a small subset', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(200_000); // the full font is 6 MB
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
    expect(text.title).toBe('견적서 EST-20261123-0001 (1차)');
  });

  test.each([
    ['견 적 서'],
    ['김민준 귀하'],
    ['견적번호'],
    ['EST-20261123-0001 (1차)'],
    ['주문번호'],
    ['ORD-20261125-0007'],
    ['2026년 11월 23일'],
    ['2026년 12월 23일까지'],
    ['래미안 34평 거실 리모델링 (예시)'],
    ['124-81-00998'],
    ['한빛인테리어 주식회사 (예시)'],
    ['[바닥]'],
    ['[벽체]'],
    ['[가구·제품]'],
    ['바닥 소계'],
    ['608,000'],
    ['강마루 (예시)'],
    ['1200×200×7.5T'],
    ['34.88'],
    ['279,040'],
    ['2,400,000'],
  ])('shows %s', (expected) => {
    expect(all()).toContain(expected);
  });

  test.each([
    ['재료비', '3,057,040원'],
    ['노무비', '180,000원'],
    ['경비', '50,000원'],
    ['직접공사비', '3,287,040원'],
    ['일반관리비', '197,222원'],
    ['이윤', '64,083원'],
    ['단수정리', '-345원'],
    ['공급가액', '3,548,000원'],
    ['부가가치세', '354,800원'],
    ['합계', '3,902,800원'],
  ])('the totals: %s %s', (label, value) => {
    // On the first page, in the 공사비 집계 block (the lines' 구분 column names kinds too).
    const items = text.pages[0]!;
    const at = items.indexOf(label, items.indexOf('공사비 집계'));
    expect(at).toBeGreaterThan(-1);
    expect(items[at + 1]).toBe(value);
  });

  test('the grand total in words and figures', () => {
    expect(all().join('')).toContain('합계금액 일금 삼백구십만이천팔백원정 (3,902,800원)');
    expect(workedExampleTotals.total).toBe(3_902_800);
  });

  test('the validity date', () => {
    expect(all()).toContain('본 견적의 유효기간은 2026년 12월 23일까지입니다.');
  });

  test('an appendix lists every line with its sources', () => {
    const appendix = text.pages.at(-1)!.join('\n');
    expect(appendix).toContain('부록: 수량 산출 근거');
    expect(appendix).toContain('1. [바닥] 강마루 (예시) (1200×200×7.5T) — 12.6 ㎡');
    expect(appendix).toContain('· 거실 바닥 12 ㎡ × (1 + 0.05)');
    expect(appendix).toContain('· 거실 벽 31.71 ㎡ (둘레 14 m × 높이 2.4 m − 개구부 1.89 ㎡) × (1 + 0.1)');
    expect(appendix).toContain("BOM '마루 시공 (예시)' 1행 area = 12");
    expect(appendix).toContain('· 3인용 소파 (예시) 2개 (배치 2곳)');
  });

  test('the first page carries the supplier, the customer, the plan and the totals', async () => {
    const quote = workedExampleQuote();
    const withPlan = pdfText(
      await renderEstimatePdf({
        ...quote,
        plan: workedExampleDocument(),
        supplier: { ...quote.supplier, seal: PNG_SEAL },
      }),
    );
    const first = withPlan.pages[0]!;
    for (const expected of [
      '공급자',
      '한빛인테리어 주식회사 (예시)',
      '124-81-00998',
      '이서연',
      '김민준 귀하',
    ]) {
      expect(first).toContain(expected);
    }
    // The plan is drawn as text and paths: its room's name and area can be read.
    expect(first).toContain('평면도');
    expect(first).toContain('거실');
    expect(first).toContain('12 ㎡');
    expect(first).toContain('공사비 집계');
    expect(first[first.indexOf('합계', first.indexOf('공사비 집계')) + 1]).toBe('3,902,800원');
    expect(first).toContain('본 견적의 유효기간은 2026년 12월 23일까지입니다.');
    const none = pdfText(await renderEstimatePdf({ ...quote, plan: null })).pages[0]!;
    expect(none).toContain('그려진 평면이 없습니다.');
  });

  test('no page holds only the totals, however many lines there are', async () => {
    const quote = workedExampleQuote();
    for (const count of [0, 12, 25, 40, 60]) {
      const extra = Array.from({ length: count }, (_, i) => ({
        trade: '목공',
        kind: 'Labour' as const,
        refType: null,
        refId: null,
        name: `작업 ${i + 1}`,
        spec: '',
        unit: '식',
        quantity: 1,
        unitPrice: 10_000,
        amount: 10_000,
      }));
      const { pages } = pdfText(await renderEstimatePdf({ ...quote, lines: [...quote.lines, ...extra] }));
      expect(pages[0]).toContain('공사비 집계');
      for (const page of pages.slice(1)) expect(page).not.toContain('공사비 집계');
      // Every page between the first and the appendix shows lines of the table.
      const appendix = pages.findIndex((page) => page.includes('부록: 수량 산출 근거'));
      const body = pages.slice(1, appendix);
      for (const page of body) expect(page.some((s) => /^\d+$/.test(s) || s.endsWith('소계'))).toBe(true);
    }
  });

  test('many lines flow over several pages with page numbers, free lines included', async () => {
    const quote = workedExampleQuote();
    const many = Array.from({ length: 120 }, (_, i) => ({
      trade: i % 2 ? '목공' : '전기',
      kind: 'Labour' as const,
      refType: null,
      refId: null,
      name: `작업 ${i + 1} — 아주 긴 이름이 칸을 넘으면 말줄임으로 잘립니다`,
      spec: '',
      unit: '식',
      quantity: 1,
      unitPrice: 10_000,
      amount: 10_000,
    }));
    const big = pdfText(await renderEstimatePdf({ ...quote, lines: [...quote.lines, ...many] }));
    expect(big.pages.length).toBeGreaterThanOrEqual(4);
    expect(big.pages[0]).toContain(`1 / ${big.pages.length}`);
    expect(big.pages.flat()).toContain('직접 입력한 항목');
    expect(big.pages.flat().filter((s) => s === '품명').length).toBeGreaterThanOrEqual(2); // header repeated
  });
});

describe('helpers', () => {
  test.each([
    [0, '일금 영원정'],
    [1, '일금 일원정'],
    [10_000, '일금 일만원정'],
    [110_000, '일금 일십일만원정'],
    [3_902_800, '일금 삼백구십만이천팔백원정'],
    [100_000_001, '일금 일억일원정'],
    [1_234_567_890, '일금 일십이억삼천사백오십육만칠천팔백구십원정'],
  ])('amountInKoreanWords(%p) = %s', (amount, words) => {
    expect(amountInKoreanWords(amount)).toBe(words);
  });

  test.each([
    ['2026-12-23', '2026년 12월 23일'],
    ['2026-11-23T16:00:00Z', '2026년 11월 24일'], // 01:00 in Seoul
  ])('koreanDate(%p) = %s', (value, expected) => {
    expect(koreanDate(value)).toBe(expected);
  });

  test('formatRegistrationNumber', () => {
    expect(formatRegistrationNumber('2208162517')).toBe('220-81-62517');
    expect(formatRegistrationNumber('220-81-62517')).toBe('220-81-62517');
  });
});

describe('amounts within the estimate bounds', () => {
  const money = (max: number) => fc.integer({ min: 0, max });
  // Quantities in hundredths, as a line keeps them; prices up to the bound.
  const line = fc
    .record({
      kind: fc.constantFrom(...LINE_KINDS),
      hundredths: fc.oneof(money(ESTIMATE_LIMITS.quantity * 100), money(1_000)),
      unitPrice: fc.oneof(money(ESTIMATE_LIMITS.unitPrice), money(100_000)),
    })
    .map(({ kind, hundredths, unitPrice }) => ({
      trade: '바닥',
      kind,
      refType: null,
      refId: null,
      name: '품목',
      spec: '',
      unit: '㎡',
      quantity: hundredths / 100,
      unitPrice,
    }))
    .filter((l) => Object.keys(estimateBoundErrors([l], null)).length === 0);
  const rate = fc.integer({ min: 0, max: 100 }).map((percent) => String(percent / 100));
  const safe = (totals: Record<string, number>) =>
    Object.values(totals).every((amount) => Number.isSafeInteger(amount));

  test('keep every total an exact integer, even for the most lines at the largest amounts', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), rate, rate, (lines, overhead, profit) => {
        const priced = priceLines(lines);
        expect(priced.every((l) => Number.isSafeInteger(l.amount))).toBe(true);
        expect(safe({ ...totalsOf(priced, { OVERHEAD_RATE: overhead, PROFIT_RATE: profit }) })).toBe(true);
      }),
    );
    const largest = Array.from({ length: estimationLimits.lines }, () => ({
      kind: 'Labour' as const,
      quantity: ESTIMATE_LIMITS.lineAmount / ESTIMATE_LIMITS.unitPrice,
      unitPrice: ESTIMATE_LIMITS.unitPrice,
    }));
    const totals = totalsOf(largest, { OVERHEAD_RATE: '1', PROFIT_RATE: '1' });
    expect(safe({ ...totals })).toBe(true);
    expect(totals.direct).toBe(estimationLimits.lines * ESTIMATE_LIMITS.lineAmount);
  });

  test('render the 견적서 PDF whenever the lines and the total are within bounds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 20 }), async (lines) => {
        const priced = priceLines(lines);
        const totals = totalsOf(priced, DEFAULT_RATES);
        fc.pre(Object.keys(estimateBoundErrors(priced, totals)).length === 0);
        const pdf = await renderEstimatePdf({ ...workedExampleQuote(), lines: priced, totals });
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      }),
      { numRuns: 15 },
    );
  });
});
