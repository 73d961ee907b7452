import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/**
 * Debian's Chromium, headless, with the flags these machines need and a fresh profile per launch:
 * one launcher for the browser tests (testing/browser.ts) and the bench's UI weights. Free of test
 * globals, so the bench can load it.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LaunchedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A headless Chromium with its own new profile directory, removed on close. */
/**
 * How long a browser wait that sets no time of its own may take: generous, since a full test run
 * keeps both cores busy (the timing itself is the bench's job).
 */
export const BROWSER_WAIT_MS = 60_000;

export async function launchBrowser(): Promise<LaunchedBrowser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'interior-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    locale: 'ko-KR',
    viewport: { width: 1280, height: 800 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // A wait that names no time of its own may take a minute: under a full test run both cores are
  // busy and a sign-up on the embedded database took past Playwright's 30 s. Only a failing wait
  // lasts that long; how fast things are is the bench's to say.
  context.setDefaultTimeout(BROWSER_WAIT_MS);
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
