import { useSyncExternalStore } from 'react';
import { localStore } from '../browserStorage';

export type PaletteMode = 'light' | 'dark';

/** The palette is light by default, the choice kept in local storage and restored at start. */
export const paletteModeKey = 'interior.paletteMode';
export const defaultPaletteMode: PaletteMode = 'light';

const listeners = new Set<() => void>();
const read = (): PaletteMode => (localStore.get(paletteModeKey) === 'dark' ? 'dark' : defaultPaletteMode);
let mode: PaletteMode = read();

function notify(): void {
  for (const listener of listeners) listener();
}

export function setPaletteMode(next: PaletteMode): void {
  localStore.set(paletteModeKey, next);
  mode = next;
  notify();
}

/** Another tab's choice applies here too. */
function onStorage(event: StorageEvent): void {
  if (event.key !== paletteModeKey) return;
  mode = read();
  notify();
}

/** Calls `listener` whenever the palette is switched, here or in another tab; answers how to stop. */
export function onPaletteModeChange(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The palette in use now. */
export const currentPaletteMode = (): PaletteMode => mode;

export const usePaletteMode = (): PaletteMode =>
  useSyncExternalStore(onPaletteModeChange, currentPaletteMode);

/** What the palette switch offers from `mode`: the other palette, and its label (also its hint). */
export function paletteSwitch(mode: PaletteMode): { next: PaletteMode; label: string } {
  const next = mode === 'light' ? 'dark' : 'light';
  return { next, label: next === 'dark' ? '어두운 테마로 전환' : '밝은 테마로 전환' };
}
