import { readFile } from 'node:fs/promises';
import {
  formatWon,
  groupByTrade,
  KIND_LABELS,
  type Line,
  type LineKind,
  TOTAL_LABELS,
  type Totals,
} from '@interior/contracts';
import PDFDocument from 'pdfkit';

/**
 * The 견적서 of one quote revision as a PDF (pdfkit). Korean is real text in Noto Sans KR (SIL
 * Open Font License; the two faces it uses are kept in platform/fonts with that license), embedded as a
 * subset of the glyphs used, so the file stays small and every word can be searched and copied.
 * Lines come grouped by 공종 with subtotals, then the totals of the 공사원가 rule, the validity
 * date, and an appendix with each line's sources (how its quantity was computed).
 */

const FONT_FILES = {
  regular: new URL('../../fonts/NotoSansKR_400Regular.ttf', import.meta.url),
  bold: new URL('../../fonts/NotoSansKR_700Bold.ttf', import.meta.url),
};
let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** The two faces, read once per process (about 12 MB) rather than once per PDF. */
async function loadFonts(): Promise<{ regular: Buffer; bold: Buffer }> {
  if (!fonts) {
    const [regular, bold] = await Promise.all([readFile(FONT_FILES.regular), readFile(FONT_FILES.bold)]);
    fonts = { regular, bold };
  }
  return fonts;
}

export interface EstimatePdfParty {
  name: string;
  /** 사업자등록번호, 10 digits (shown as 123-45-67890) */
  registrationNumber?: string | null;
  representative?: string | null;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
}

export interface EstimatePdfInput {
  /** 견적번호 */
  estimateNumber: string;
  /** the quote revision (1, 2, …) */
  revision: number;
  /** 주문번호, once the quote became an order */
  orderNumber?: string | null;
  /** 견적일: when the revision was issued */
  issuedAt: Date | string;
  /** 유효기간: the last day the quote may be accepted */
  validUntil: Date | string;
  /** 공사명, e.g. the design's name */
  projectName?: string | null;
  /** 수신: the requester */
  recipient: EstimatePdfParty;
  /** 공급자: the company that issues the quote */
  supplier: EstimatePdfParty & { registrationNumber: string };
  lines: readonly Line[];
  totals: Totals;
  note?: string | null;
}

// The table's columns name their unit (원), so its cells carry the number alone.
const grouped = (n: number) => n.toLocaleString('ko-KR');
const quantityFormat = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 2 });

const dateFormat = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** A date in Korea time; a plain `YYYY-MM-DD` is that calendar day. */
export function koreanDate(value: Date | string): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return `${y}년 ${m}월 ${d}일`;
  }
  return dateFormat.format(typeof value === 'string' ? new Date(value) : value);
}

/** 1248100998 → 124-81-00998 */
export function formatRegistrationNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : value;
}

const DIGITS = ['', '일', '이', '삼', '사', '오', '육', '칠', '팔', '구'];
const SMALL_UNITS = ['', '십', '백', '천'];
const LARGE_UNITS = ['', '만', '억', '조', '경'];

/**
 * An amount in Korean words as written on a 견적서 ("일금 삼백구십만이천팔백원정"): every digit is
 * written, 일 included, so that nobody can add one.
 */
export function amountInKoreanWords(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError('amount must be a safe integer');
  if (amount === 0) return '일금 영원정';
  let rest = Math.abs(amount);
  let words = '';
  for (let group = 0; rest > 0; group++) {
    const chunk = rest % 10_000;
    rest = Math.floor(rest / 10_000);
    if (chunk === 0) continue;
    let part = '';
    for (let i = 3; i >= 0; i--) {
      const digit = Math.floor(chunk / 10 ** i) % 10;
      if (digit) part += DIGITS[digit]! + SMALL_UNITS[i]!;
    }
    words = part + LARGE_UNITS[group]! + words;
  }
  return `일금 ${amount < 0 ? '마이너스 ' : ''}${words}원정`;
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 24;
const COLOUR = {
  line: '#9e9e9e',
  head: '#eceff1',
  group: '#f5f5f5',
  text: '#212121',
  muted: '#616161',
  accent: '#0d47a1',
};

interface Column {
  key: 'no' | 'name' | 'spec' | 'unit' | 'quantity' | 'unitPrice' | 'amount' | 'kind';
  label: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

const COLUMNS: Column[] = [
  { key: 'no', label: '번호', width: 30, align: 'center' },
  { key: 'name', label: '품명', width: 130, align: 'left' },
  { key: 'spec', label: '규격', width: 88, align: 'left' },
  { key: 'unit', label: '단위', width: 34, align: 'center' },
  { key: 'quantity', label: '수량', width: 50, align: 'right' },
  { key: 'unitPrice', label: '단가', width: 66, align: 'right' },
  { key: 'amount', label: '금액', width: 75, align: 'right' },
  { key: 'kind', label: '구분', width: CONTENT_WIDTH - 473, align: 'center' },
];

type Doc = PDFKit.PDFDocument;

/** Renders the 견적서; resolves to the PDF bytes. */
export async function renderEstimatePdf(input: EstimatePdfInput): Promise<Buffer> {
  const faces = await loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    lang: 'ko-KR',
    displayTitle: true,
    info: {
      Title: `견적서 ${input.estimateNumber} (${input.revision}차)`,
      Subject: input.projectName ?? '인테리어 공사 견적',
      Author: input.supplier.name,
      Creator: 'interior-platform',
      CreationDate: new Date(
        typeof input.issuedAt === 'string' ? Date.parse(input.issuedAt) || 0 : input.issuedAt,
      ),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', faces.regular);
  doc.registerFont('bold', faces.bold);
  doc.font('regular').fillColor(COLOUR.text);

  header(doc, input);
  const numbered = lineTable(doc, input.lines);
  totalsBlock(doc, input);
  appendix(doc, numbered);
  pageNumbers(doc);
  doc.end();
  return done;
}

function header(doc: Doc, input: EstimatePdfInput): void {
  const left = PAGE.margin;
  doc
    .font('bold')
    .fontSize(24)
    .text('견 적 서', left, PAGE.margin, { width: CONTENT_WIDTH, align: 'center', characterSpacing: 4 });
  doc.moveDown(0.2);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(COLOUR.muted)
    .text(`견적번호 ${input.estimateNumber} · ${input.revision}차`, { width: CONTENT_WIDTH, align: 'center' })
    .fillColor(COLOUR.text);

  const top = doc.y + 14;
  const half = CONTENT_WIDTH / 2 - 8;
  // Left: the quote and its recipient.
  const info: [string, string][] = [
    ['견적번호', `${input.estimateNumber} (${input.revision}차)`],
    ['견적일', koreanDate(input.issuedAt)],
    ['유효기간', `${koreanDate(input.validUntil)}까지`],
  ];
  if (input.orderNumber) info.push(['주문번호', input.orderNumber]);
  if (input.projectName) info.push(['공사명', input.projectName]);
  doc.font('bold').fontSize(13).text(`${input.recipient.name} 귀하`, left, top, { width: half });
  let y = doc.y + 6;
  for (const [label, value] of info) y = labelled(doc, left, y, half, label, value, 56);
  doc
    .fontSize(9)
    .fillColor(COLOUR.muted)
    .text('아래와 같이 견적합니다.', left, y + 6, { width: half })
    .fillColor(COLOUR.text);
  const leftBottom = doc.y;

  // Right: the supplier (공급자) box.
  const sx = left + half + 16;
  const s = input.supplier;
  const rows: [string, string][] = [
    ['등록번호', formatRegistrationNumber(s.registrationNumber)],
    ['상호', s.name],
  ];
  if (s.representative) rows.push(['대표자', s.representative]);
  if (s.address) rows.push(['주소', s.address]);
  if (s.phone) rows.push(['전화', s.phone]);
  if (s.email) rows.push(['이메일', s.email]);
  const rowHeight = 18;
  const labelWidth = 58;
  doc.font('bold').fontSize(10);
  doc.rect(sx, top, half, rowHeight).fillAndStroke(COLOUR.head, COLOUR.line);
  doc.fillColor(COLOUR.text).text('공급자', sx, top + 4, { width: half, align: 'center' });
  let ry = top + rowHeight;
  doc.font('regular').fontSize(9);
  for (const [label, value] of rows) {
    const height = Math.max(rowHeight, doc.heightOfString(value, { width: half - labelWidth - 8 }) + 8);
    doc.rect(sx, ry, labelWidth, height).fillAndStroke(COLOUR.group, COLOUR.line);
    doc.rect(sx + labelWidth, ry, half - labelWidth, height).stroke(COLOUR.line);
    doc.fillColor(COLOUR.text).text(label, sx, ry + 4, { width: labelWidth, align: 'center' });
    doc.text(value, sx + labelWidth + 4, ry + 4, { width: half - labelWidth - 8 });
    ry += height;
  }

  // The grand total, in words and in figures.
  const by = Math.max(leftBottom, ry) + 14;
  doc.rect(left, by, CONTENT_WIDTH, 30).fillAndStroke('#e3f2fd', COLOUR.accent);
  doc
    .fillColor(COLOUR.accent)
    .font('bold')
    .fontSize(12)
    .text(
      `합계금액 ${amountInKoreanWords(input.totals.total)} (${formatWon(input.totals.total)}) · 부가가치세 포함`,
      left + 10,
      by + 9,
      { width: CONTENT_WIDTH - 20, align: 'center' },
    )
    .fillColor(COLOUR.text)
    .font('regular');
  doc.y = by + 44;
}

function labelled(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  label: string,
  value: string,
  labelWidth: number,
): number {
  doc.font('regular').fontSize(9).fillColor(COLOUR.muted).text(label, x, y, { width: labelWidth });
  doc.fillColor(COLOUR.text).text(value, x + labelWidth, y, { width: width - labelWidth });
  return Math.max(doc.y, y + 13) + 2;
}

function tableHeader(doc: Doc, y: number): number {
  const height = 20;
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fillAndStroke(COLOUR.head, COLOUR.line);
  let x = PAGE.margin;
  doc.font('bold').fontSize(9).fillColor(COLOUR.text);
  for (const c of COLUMNS) {
    doc.text(c.label, x + 3, y + 5, { width: c.width - 6, align: 'center', lineBreak: false });
    x += c.width;
  }
  doc.font('regular');
  return y + height;
}

/** Starts a new page when `needed` points do not fit; returns the y to draw at. */
function ensureRoom(doc: Doc, y: number, needed: number, withHeader: boolean): number {
  if (y + needed <= BOTTOM) return y;
  doc.addPage();
  return withHeader ? tableHeader(doc, PAGE.margin) : PAGE.margin;
}

function row(
  doc: Doc,
  y: number,
  cells: Partial<Record<Column['key'], string>>,
  options: { fill?: string; bold?: boolean } = {},
) {
  const height = 18;
  if (options.fill) doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(options.fill);
  doc
    .moveTo(PAGE.margin, y + height)
    .lineTo(PAGE.margin + CONTENT_WIDTH, y + height)
    .lineWidth(0.5)
    .stroke(COLOUR.line);
  let x = PAGE.margin;
  doc
    .font(options.bold ? 'bold' : 'regular')
    .fontSize(8.5)
    .fillColor(COLOUR.text);
  for (const c of COLUMNS) {
    const value = cells[c.key];
    if (value) {
      doc.text(value, x + 3, y + 4.5, {
        width: c.width - 6,
        height: 11,
        align: c.align,
        lineBreak: false,
        ellipsis: true,
      });
    }
    x += c.width;
  }
  doc.font('regular');
  return y + height;
}

interface NumberedLine {
  no: number;
  line: Line;
}

function lineTable(doc: Doc, lines: readonly Line[]): NumberedLine[] {
  doc.font('bold').fontSize(11).text('내역', PAGE.margin, doc.y);
  let y = tableHeader(doc, doc.y + 4);
  const numbered: NumberedLine[] = [];
  let no = 0;
  const groups = groupByTrade(lines);
  if (groups.length === 0) y = row(doc, y, { name: '내역이 없습니다.' });
  for (const group of groups) {
    y = ensureRoom(doc, y, 18 * 3, true);
    y = row(doc, y, { no: '', name: `[${group.trade}]` }, { fill: COLOUR.group, bold: true });
    for (const line of group.lines) {
      y = ensureRoom(doc, y, 18, true);
      no += 1;
      numbered.push({ no, line });
      y = row(doc, y, {
        no: String(no),
        name: line.name,
        spec: line.spec,
        unit: line.unit,
        quantity: quantityFormat.format(line.quantity),
        unitPrice: grouped(line.unitPrice),
        amount: grouped(line.amount),
        kind: KIND_LABELS[line.kind as LineKind],
      });
    }
    y = ensureRoom(doc, y, 18, true);
    y = row(doc, y, { name: `${group.trade} 소계`, amount: grouped(group.subtotal) }, { bold: true });
  }
  doc.y = y + 14;
  return numbered;
}

function totalsBlock(doc: Doc, input: EstimatePdfInput): void {
  const { totals } = input;
  const rowHeight = 18;
  const width = 260;
  const x = PAGE.margin + CONTENT_WIDTH - width;
  // The title and the ten rows stay together; the notes below may flow onto the next page.
  let y = ensureRoom(doc, doc.y, rowHeight * TOTAL_LABELS.length + 24, false);
  doc.font('bold').fontSize(11).text('공사비 집계', x, y, { width });
  y = doc.y + 4;
  for (const { key, label } of TOTAL_LABELS) {
    const strong = key === 'direct' || key === 'supply' || key === 'total';
    const value = formatWon(key === 'rounding' && totals.rounding !== 0 ? -totals.rounding : totals[key]);
    if (strong) doc.rect(x, y, width, rowHeight).fill(key === 'total' ? '#e3f2fd' : COLOUR.group);
    doc.rect(x, y, width, rowHeight).lineWidth(0.5).stroke(COLOUR.line);
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(9)
      .fillColor(COLOUR.text)
      .text(label, x + 8, y + 4.5, { width: 110, lineBreak: false });
    doc.text(value, x + 110, y + 4.5, { width: width - 118, align: 'right', lineBreak: false });
    y += rowHeight;
  }
  doc.font('regular').fontSize(8).fillColor(COLOUR.muted);
  doc.text(
    '일반관리비 = 직접공사비 × 일반관리비율, 이윤 = (노무비 + 경비 + 일반관리비) × 이윤율 (원 미만 절사)',
    PAGE.margin,
    y + 8,
    {
      width: CONTENT_WIDTH,
    },
  );
  doc.text('단수정리는 공급가액의 천 원 미만을 절사한 금액입니다. 부가가치세는 공급가액의 10%입니다.', {
    width: CONTENT_WIDTH,
  });
  doc.moveDown(0.6);
  doc
    .fontSize(10)
    .fillColor(COLOUR.text)
    .text(`본 견적의 유효기간은 ${koreanDate(input.validUntil)}까지입니다.`, { width: CONTENT_WIDTH });
  if (input.note) {
    doc.moveDown(0.4).fontSize(9).text(`비고: ${input.note}`, { width: CONTENT_WIDTH });
  }
  doc
    .moveDown(0.4)
    .fontSize(8)
    .fillColor(COLOUR.muted)
    .text('각 항목의 수량 산출 근거는 부록에 있습니다.', { width: CONTENT_WIDTH })
    .fillColor(COLOUR.text);
}

function appendix(doc: Doc, numbered: readonly NumberedLine[]): void {
  doc.addPage();
  doc.font('bold').fontSize(14).text('부록: 수량 산출 근거', PAGE.margin, PAGE.margin);
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(COLOUR.muted)
    .text(
      '각 항목의 수량이 도면의 어느 방·제품과 어떤 수식에서 나왔는지 보여 줍니다. 합친 뒤 소수 둘째 자리에서 반올림합니다.',
      {
        width: CONTENT_WIDTH,
      },
    )
    .fillColor(COLOUR.text);
  doc.moveDown(0.6);
  for (const { no, line } of numbered) {
    const title = `${no}. [${line.trade}] ${line.name}${line.spec ? ` (${line.spec})` : ''} — ${quantityFormat.format(line.quantity)} ${line.unit}`;
    if (doc.y + 40 > BOTTOM) doc.addPage();
    doc.font('bold').fontSize(9).text(title, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc.font('regular').fontSize(8.5);
    const sources = line.sources ?? [];
    if (sources.length === 0) {
      doc
        .fillColor(COLOUR.muted)
        .text('직접 입력한 항목', PAGE.margin + 12, doc.y, { width: CONTENT_WIDTH - 12 });
    }
    for (const source of sources) {
      if (doc.y + 14 > BOTTOM) doc.addPage();
      doc
        .fillColor(COLOUR.muted)
        .text(`· ${source.explanation}`, PAGE.margin + 12, doc.y, { width: CONTENT_WIDTH - 12 });
    }
    doc.fillColor(COLOUR.text).moveDown(0.4);
  }
}

function pageNumbers(doc: Doc): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Writing below the bottom margin must not open a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(COLOUR.muted)
      .text(`${i + 1} / ${range.count}`, PAGE.margin, PAGE.height - PAGE.margin + 8, {
        width: CONTENT_WIDTH,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
}
