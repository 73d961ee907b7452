import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startClientLog, startSession } from './session';
import { currentPaletteMode, onPaletteModeChange } from './theme/mode';
import { applyPalette } from './theme/palette';

// The client log first, so that anything failing from here on is queued and uploaded.
startClientLog();
// The session starts before the first render: its state is `pending` until the stored token pair
// (or one handed over by another tab) has been checked with the server.
void startSession();

// The palette's colours as CSS variables on the root, for what is drawn without MUI: set before
// anything is drawn (an element whose style the browser computed without them, as a focused field
// forces during the first commit, would fade its colours in through its transition, unreadable
// meanwhile), and again at every switch, made here or in another tab. In the built page the boot
// script (theme/bootScript.ts) has set the same already, before the first paint.
applyPalette(currentPaletteMode());
onPaletteModeChange(() => applyPalette(currentPaletteMode()));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
