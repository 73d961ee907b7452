import type { Plugin } from 'vite';
import { bootScript } from './src/theme/bootScript';

/**
 * The boot script (src/theme/bootScript.ts) inlined right after the title, before the stylesheets
 * and scripts the build adds: it must run before the first paint, and an inline script placed after
 * a linked stylesheet would wait for it. Not first in <head>: the charset declaration must stay
 * within the document's first 1024 bytes.
 */
export function inlineBootScript(): Plugin {
  return {
    name: 'interior-boot-script',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('</title>', () => `</title>\n    <script>${bootScript()}</script>`),
    },
  };
}

/**
 * The entry's stylesheets (a few kB: the plain pages' rules, the overlay's) inlined into index.html,
 * so that nothing blocks the first paint of the page's static frame on a request. Each keeps a
 * disabled link naming its file, never fetched: the loader of later chunks looks for that link to
 * know the rules are already in the page, and would otherwise add the file again after MUI's styles.
 * The content security policy allows inline styles (MUI injects its own), so these need no hash.
 */
export function inlineEntryStylesheets(): Plugin {
  return {
    name: 'interior-inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"([^>]*) href="\/([^"]+\.css)">/g,
          (link, attributes, file) => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') return link;
            const css =
              typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            if (css.includes('</style')) return link;
            return `<style>${css}</style>\n    <link rel="stylesheet"${attributes} href="/${file}" disabled>`;
          },
        );
      },
    },
  };
}
