/** A piece of a mail's text: plain text, or an http(s) link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Up to the first space or angle bracket; punctuation that usually ends a sentence is left out.
const urlPattern = /https?:\/\/[^\s<>"']+/g;
const trailing = /[.,;:!?)\]}'"]+$/;

/**
 * Splits plain text into text and links so the links can be clicked while everything else stays
 * text (never parsed as HTML). Only http and https links are made clickable.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const href = raw.replace(trailing, '');
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: href, href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
