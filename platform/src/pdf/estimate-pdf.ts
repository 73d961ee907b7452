import { readFile } from 'node:fs/promises';
import {
  type DesignDocument,
  groupByTrade,
  KIND_LABELS,
  type Line,
  type LineKind,
  type ProductTopLook,
  type Totals,
} from '@interior/contracts';
import PDFDocument from 'pdfkit';
import { firstPage } from './first-page';
import { BOTTOM, COLOUR, CONTENT_WIDTH, type Doc, PAGE } from './layout';

export { amountInKoreanWords, koreanDate } from './korean-text';

/**
 * The 견적서 of one quote revision as a PDF (pdfkit). Korean is real text in Noto Sans KR (SIL
 * Open Font License; the two faces it uses are kept in platform/fonts with that license), embedded as a
 * subset of the glyphs used, so the file stays small and every word can be searched and copied.
 * The first page carries the parties, the grand total, the plan and the totals (first-page.ts);
 * then the lines grouped by 공종 with subtotals, and an appendix with each line's sources (how its
 * quantity was computed).
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
  /** 공급자: the company that issues the quote, with its seal image (PNG or JPEG) if it has one */
  supplier: EstimatePdfParty & { registrationNumber: string; seal?: Buffer | null };
  /** 평면도: the design as it was at the quoted revision, drawn on the first page */
  plan?: DesignDocument | null;
  /** the plan's products by id as drawn from above (size, name, top view); 600 × 600 when unknown */
  planProducts?: Readonly<Record<string, ProductTopLook>>;
  lines: readonly Line[];
  totals: Totals;
  note?: string | null;
}

// The table's columns name their unit (원), so its cells carry the number alone.
const grouped = (n: number) => n.toLocaleString('ko-KR');
const quantityFormat = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 2 });

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

  firstPage(doc, input);
  const numbered = lineTable(doc, input.lines);
  appendix(doc, numbered);
  pageNumbers(doc);
  doc.end();
  return done;
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
  // The heading never ends a page: it goes with the table's header and first rows.
  let top = doc.y + 10;
  if (top + 18 * 5 > BOTTOM) {
    doc.addPage();
    top = PAGE.margin;
  }
  doc.font('bold').fontSize(11).fillColor(COLOUR.text).text('내역', PAGE.margin, top);
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
