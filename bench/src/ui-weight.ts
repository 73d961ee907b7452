import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@interior/platform';
import { startPlatform } from '@interior/server';
import { CHROMIUM, launchBrowser } from '@interior/server/testing/chromium';
import type { Page } from 'playwright-core';

/**
 * What a first visit costs the browser: the compressed JavaScript a cold `/login` and a cold
 * dashboard (`/dashboard/mydesign`, signed in) transfer, the first contentful paint of `/login` and
 * when its form is in the page (the first paint may be index.html's static frame), measured in
 * Chromium against the all-in-one server serving the built UI (compressed as it serves it in
 * production). The budgets are those of the UI's route split: the sign-in page must stay
 * light for people who never reach the dashboard.
 */
export const uiWeightBudgets = { loginJsBytes: 120_000, dashboardJsBytes: 295_000 } as const;

/**
 * Where the pages should get to, printed beside the figures with whether they are there: the
 * budgets above hold what has been reached, these are the goal (a signed-out visitor's sign-in
 * page light enough to paint at once, a signed-in user's landing page without the admin screens
 * they do not open).
 */
export const uiWeightTargets = {
  loginJsBytes: 150_000,
  loginFirstContentfulPaintMs: 300,
  dashboardJsBytes: 300_000,
} as const;

export interface UiWeight {
  /** `formMs`: when the sign-in form was in the page, the app having run (the first paint may be index.html's frame). */
  login: { jsBytes: number; jsFiles: number; firstContentfulPaintMs: number[]; formMs: number[] };
  dashboard: { jsBytes: number; jsFiles: number };
}

/**
 * The built UI measured: ui/dist, or the folder named by UI_WEIGHT_DIST (a copy of an earlier build,
 * to measure it alternately with the current one in the same conditions).
 */
const UI_DIR = process.env.UI_WEIGHT_DIST
  ? path.resolve(process.env.UI_WEIGHT_DIST)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../ui/dist');

/** Why the measurement cannot run here, or null. */
export function uiWeightSkipReason(): string | null {
  if (!fs.existsSync(CHROMIUM)) return `${CHROMIUM} not found (apt-get install chromium fonts-nanum)`;
  if (!fs.existsSync(path.join(UI_DIR, 'index.html')))
    return 'the UI is not built (npm run build --workspace ui)';
  return null;
}

/**
 * Counts the compressed bytes of every script the page receives until `stop()`, each file once:
 * right after the cache is cleared, Chromium sometimes fetches a module both for its
 * `modulepreload` and for its import, which no visitor's warm connection would; the largest of a
 * file's responses counts. A module the import takes over from its preload can report no body (a
 * negative size: the headers' length subtracted from nothing), depending on timing; its
 * Content-Length then says what came over the wire (the server sends one with every precompressed
 * file, that is every script of 1 kB or more).
 */
function countScripts(page: Page) {
  const responses = new Map<string, Promise<number>[]>();
  const onResponse = (response: import('playwright-core').Response) => {
    if (response.request().resourceType() !== 'script') return;
    const bodySize = Promise.all([response.request().sizes(), response.headerValue('content-length')]).then(
      ([sizes, length]) => (sizes.responseBodySize > 0 ? sizes.responseBodySize : Number(length ?? 0)),
    );
    const url = response.url();
    responses.set(url, [...(responses.get(url) ?? []), bodySize]);
  };
  page.on('response', onResponse);
  return {
    async stop() {
      page.off('response', onResponse);
      const files = await Promise.all(
        [...responses].map(async ([url, sizes]) => ({
          url,
          bytes: Math.max(0, ...(await Promise.all(sizes))),
        })),
      );
      if (process.env.UI_WEIGHT_VERBOSE)
        for (const { url, bytes } of files) process.stderr.write(`${String(bytes).padStart(8)} ${url}\n`);
      return { jsBytes: files.reduce((sum, f) => sum + f.bytes, 0), jsFiles: files.length };
    },
  };
}

export async function measureUiWeight(options: {
  databaseUrl: string;
  admin: { email: string; password: string };
  fcpSamples: number;
}): Promise<UiWeight> {
  const platform = await startPlatform(
    loadConfig({
      NODE_ENV: 'development',
      DATABASE_URL: options.databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BOOTSTRAP_ADMIN_EMAIL: options.admin.email,
      BOOTSTRAP_ADMIN_PASSWORD: options.admin.password,
    }),
    { uiDir: UI_DIR, announce: () => {} },
  );
  const browser = await launchBrowser();
  const { context } = browser;
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Each measured load starts with an empty cache (and the cache on, as in a real browser, so a
    // script both preloaded and imported is fetched once).
    const coldCache = () => cdp.send('Network.clearBrowserCache');
    /**
     * The scripts `load` fetches, with no cache at all: clearing the disk cache leaves the page's
     * memory cache, which answers some of the scripts the tab already ran without transferring
     * them (how many depends on timing). Each file counts once however often it is fetched.
     */
    const weighCold = async (load: () => Promise<void>) => {
      await coldCache();
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const scripts = countScripts(page);
      try {
        await load();
        return await scripts.stop();
      } finally {
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
      }
    };

    // A cold /login, as a first visitor gets it.
    const loginWeight = await weighCold(async () => {
      await page.goto(`${platform.url}/login`);
      await page.getByRole('button', { name: '로그인' }).waitFor();
    });

    // The moment the app puts the form into the page, seen from inside it.
    await page.addInitScript(`if (location.pathname === '/login')
      new MutationObserver((_, observer) => {
        if (!document.getElementById('login-form')) return;
        window.__loginFormAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });`);
    const firstContentfulPaintMs: number[] = [];
    const formMs: number[] = [];
    for (let i = 0; i < options.fcpSamples; i++) {
      await coldCache();
      await page.goto(`${platform.url}/login`);
      await page.getByRole('button', { name: '로그인' }).waitFor();
      // The paint entry can come after the button is there: wait for it (buffered), 5 s at most.
      const paint = (await page.evaluate(`new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
        setTimeout(() => resolve(null), 5000);
      })`)) as number | null;
      if (paint !== null) firstContentfulPaintMs.push(paint);
      const form = (await page.evaluate('window.__loginFormAt ?? null')) as number | null;
      if (form !== null) formMs.push(form);
    }

    // Signed in, the dashboard loaded cold (the session stays in the tab across the reload).
    await page.getByLabel('이메일').first().fill(options.admin.email);
    await page.getByLabel('비밀번호').first().fill(options.admin.password);
    await page.getByRole('button', { name: '로그인' }).click();
    await page.waitForURL(/\/dashboard\/mydesign/);
    const dashboardWeight = await weighCold(async () => {
      await page.goto(`${platform.url}/dashboard/mydesign`);
      await page.getByRole('main').locator('h1, h2, h3, h4, h5, h6').first().waitFor();
    });
    return { login: { ...loginWeight, firstContentfulPaintMs, formMs }, dashboard: dashboardWeight };
  } finally {
    await browser.close();
    await platform.close();
  }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export function formatUiWeight(weight: UiWeight): string {
  const verdict = (bytes: number, budget: number) =>
    bytes <= budget ? `within ${kB(budget)}` : `OVER the ${kB(budget)} budget`;
  const met = (ok: boolean) => (ok ? 'met yes' : 'met NO');
  const fcp = median(weight.login.firstContentfulPaintMs);
  const { loginJsBytes, dashboardJsBytes, loginFirstContentfulPaintMs } = uiWeightTargets;
  return [
    'UI weight (Chromium, cold cache, compressed JavaScript transferred)',
    `  /login               ${kB(weight.login.jsBytes).padStart(10)} in ${weight.login.jsFiles} files, ${verdict(weight.login.jsBytes, uiWeightBudgets.loginJsBytes)}; target ${kB(loginJsBytes)}: ${met(weight.login.jsBytes <= loginJsBytes)}`,
    `  /dashboard/mydesign  ${kB(weight.dashboard.jsBytes).padStart(10)} in ${weight.dashboard.jsFiles} files, ${verdict(weight.dashboard.jsBytes, uiWeightBudgets.dashboardJsBytes)}; target ${kB(dashboardJsBytes)}: ${met(weight.dashboard.jsBytes <= dashboardJsBytes)}`,
    weight.login.firstContentfulPaintMs.length > 0
      ? `  /login first contentful paint: median ${fcp.toFixed(0)} ms of ${weight.login.firstContentfulPaintMs.length} cold loads (load average ${os.loadavg()[0]!.toFixed(1)}); target ${loginFirstContentfulPaintMs} ms: ${met(fcp <= loginFirstContentfulPaintMs)}`
      : `  /login first contentful paint: not reported by the browser; target ${loginFirstContentfulPaintMs} ms: ${met(false)}`,
    ...(weight.login.formMs.length > 0
      ? [`  /login form in the page: median ${median(weight.login.formMs).toFixed(0)} ms`]
      : []),
    '',
  ].join('\n');
}
