import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Every inline script of a page (a <script> without src), its text exactly as served. */
export function inlineScripts(html: string): string[] {
  const scripts = html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi);
  return [...scripts].filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!)).map(([, , text]) => text!);
}

/** The content security policy's source for one inline script: its text's SHA-256, in base64. */
export const scriptHashSource = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The hash sources of the built UI's inline scripts (the boot script that applies the palette before
 * the first paint), read from the index.html served: the policy allows exactly these and no other
 * inline script. Read once at start, so a UI rebuilt under a running server needs a restart.
 */
export function inlineScriptHashes(uiDir: string | null): string[] {
  if (!uiDir) return [];
  const file = path.join(uiDir, 'index.html');
  if (!fs.existsSync(file)) return [];
  return [...new Set(inlineScripts(fs.readFileSync(file, 'utf8')).map(scriptHashSource))];
}
