/** The 견적서's page: A4 in points, its margins and colours. */
export const PAGE = { width: 595.28, height: 841.89, margin: 40 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const BOTTOM = PAGE.height - PAGE.margin - 24;
export const COLOUR = {
  line: '#9e9e9e',
  head: '#eceff1',
  group: '#f5f5f5',
  text: '#212121',
  muted: '#616161',
  accent: '#0d47a1',
};

export type Doc = PDFKit.PDFDocument;
