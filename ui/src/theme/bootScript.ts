import { defaultPaletteMode, type PaletteMode, paletteModeKey } from './mode';
import { paletteVariables } from './palette';

/** Set on the root by the boot script on /login: the static frame in index.html shows only then. */
export const bootFrameAttribute = 'data-boot-frame';

/** The paths whose frame index.html draws before the JavaScript runs. */
export const bootFramePath = /^\/login\/?$/;

/**
 * The text of the classic script inlined at the top of index.html (by the build, ui/vite.config.ts):
 * it runs before the first paint, long before the app's modules, and does what main.tsx's
 * `applyPalette` does for the saved palette, so the page is never drawn in the wrong colours, and
 * marks the root on /login so that the sign-in page's frame paints at once. Plain ES5 that never
 * throws (storage may refuse access). The server allows exactly this text by its hash.
 */
export function bootScript(): string {
  const modes: PaletteMode[] = ['light', 'dark'];
  const variables = Object.fromEntries(modes.map((mode) => [mode, paletteVariables(mode)]));
  return [
    '(function(){',
    'var root=document.documentElement,mode=',
    JSON.stringify(defaultPaletteMode),
    ';try{if(localStorage.getItem(',
    JSON.stringify(paletteModeKey),
    ')==="dark")mode="dark"}catch(e){}',
    'var palette=',
    JSON.stringify(variables),
    '[mode];for(var name in palette)root.style.setProperty(name,palette[name]);',
    'root.style.colorScheme=mode;',
    `if(${bootFramePath.toString()}.test(location.pathname))root.setAttribute(`,
    JSON.stringify(bootFrameAttribute),
    ',"login")})()',
  ].join('');
}
