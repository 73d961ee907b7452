import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startClientLog, startSession } from './session';

// The client log first, so that anything failing from here on is queued and uploaded.
startClientLog();
// The session starts before the first render: its state is `pending` until the stored token pair
// (or one handed over by another tab) has been checked with the server.
void startSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
