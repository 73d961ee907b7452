import { formatRegistrationNumber, formatWon, TOTAL_LABELS, type Totals } from '@interior/contracts';
import type { EstimatePdfInput } from './estimate-pdf';
import { amountInKoreanWords, koreanDate } from './korean-text';
import { COLOUR, CONTENT_WIDTH, type Doc, PAGE } from './layout';
import { drawPlan } from './plan-drawing';

/**
 * The first page of the 견적서 carries what a customer decides on: who quotes to whom, the grand
 * total, the plan as drawn at the quoted revision beside the totals of the 공사원가 rule, and the
 * notes on them. The totals never stand alone on a page: they are here, before the lines.
 */
export function firstPage(doc: Doc, input: EstimatePdfInput): void {
  header(doc, input);
  const top = doc.y;
  const gap = 16;
  const totalsWidth = 250;
  const planWidth = CONTENT_WIDTH - totalsWidth - gap;
  const totalsBottom = totalsTable(doc, input.totals, PAGE.margin + planWidth + gap, top, totalsWidth);
  planBox(doc, input, PAGE.margin, top, planWidth, totalsBottom - top);
  notes(doc, input, totalsBottom + 10);
}

function planBox(doc: Doc, input: EstimatePdfInput, x: number, y: number, width: number, height: number) {
  doc.font('bold').fontSize(11).fillColor(COLOUR.text).text('평면도', x, y, { width });
  const top = doc.y + 4;
  const box = { x, y: top, width, height: y + height - top };
  doc.rect(box.x, box.y, box.width, box.height).lineWidth(0.5).stroke(COLOUR.line);
  const plan = input.plan ?? null;
  const empty = !plan || (plan.walls.length === 0 && plan.rooms.length === 0 && plan.items.length === 0);
  if (empty) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(COLOUR.muted)
      .text('그려진 평면이 없습니다.', box.x, box.y + box.height / 2 - 6, {
        width: box.width,
        align: 'center',
      })
      .fillColor(COLOUR.text);
    return;
  }
  drawPlan(
    doc,
    plan,
    { x: box.x + 4, y: box.y + 4, width: box.width - 8, height: box.height - 8 },
    { products: input.planProducts },
  );
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
    // The seal goes over the end of the representative's row, where one signs a paper 견적서.
    if (label === '대표자' && s.seal) seal(doc, s.seal, sx + half - 44, ry - 10, 38);
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

/** A seal image (PNG or JPEG); one pdfkit cannot read is left out rather than failing the 견적서. */
function seal(doc: Doc, image: Buffer, x: number, y: number, size: number): void {
  try {
    doc.image(image, x, y, { fit: [size, size], align: 'center', valign: 'center' });
  } catch {
    // The upload accepted only PNG and JPEG; a damaged file is not worth losing the quote over.
  }
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

/** The ten rows of the 공사원가 rule at (x, y); returns where they end. */
function totalsTable(doc: Doc, totals: Totals, x: number, top: number, width: number): number {
  const rowHeight = 18;
  doc.font('bold').fontSize(11).fillColor(COLOUR.text).text('공사비 집계', x, top, { width });
  let y = doc.y + 4;
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
  return y;
}

/** How the totals are made, the validity and the note, under the plan and the totals. */
function notes(doc: Doc, input: EstimatePdfInput, y: number): void {
  doc.font('regular').fontSize(8).fillColor(COLOUR.muted);
  doc.text(
    '일반관리비 = 직접공사비 × 일반관리비율, 이윤 = (노무비 + 경비 + 일반관리비) × 이윤율 (원 미만 절사)',
    PAGE.margin,
    y,
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
    .text('내역은 아래에, 각 항목의 수량 산출 근거는 부록에 있습니다.', { width: CONTENT_WIDTH })
    .fillColor(COLOUR.text);
}
