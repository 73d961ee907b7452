// Prints the text of the PDF read from standard input as JSON: one array of strings per page.
// Run as a child process by the tests: pdfjs-dist is an ES module that Jest's CommonJS
// transform cannot load, and a separate process reads the PDF exactly as any reader would.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const data = new Uint8Array(Buffer.concat(chunks));
const pdf = await getDocument({ data, verbosity: 0, disableFontFace: true, useSystemFonts: false }).promise;
const pages = [];
for (let i = 1; i <= pdf.numPages; i++) {
  const page = await pdf.getPage(i);
  const content = await page.getTextContent();
  pages.push(content.items.map((item) => ('str' in item ? item.str : '')).filter((s) => s.trim() !== ''));
}
const info = await pdf.getMetadata();
process.stdout.write(JSON.stringify({ pages, title: info.info?.Title ?? null }));
