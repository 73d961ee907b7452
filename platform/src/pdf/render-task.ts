import { move } from 'piscina';
import { type EstimatePdfInput, renderEstimatePdf } from './estimate-pdf';

/**
 * One render in a pool thread: the input arrives as a structured clone (a Buffer becomes a plain
 * Uint8Array, which pdfkit does not take as an image), and the PDF's bytes go back moved, not copied.
 */
export async function renderEstimatePdfInThread(input: EstimatePdfInput) {
  const seal = input.supplier.seal;
  const pdf = await renderEstimatePdf({
    ...input,
    supplier: {
      ...input.supplier,
      seal: seal ? Buffer.from(seal.buffer, seal.byteOffset, seal.byteLength) : null,
    },
  });
  // Only a buffer of its own may be moved: a small Buffer can be a slice of Node's shared pool.
  const own =
    pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength
      ? (pdf.buffer as ArrayBuffer)
      : new Uint8Array(pdf).buffer;
  return move(own);
}
