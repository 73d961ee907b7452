import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page, Request } from 'playwright-core';
import { BROWSER_WAIT_MS, CHROMIUM } from './chromium';

/**
 * Browser tests drive Debian's Chromium (`apt-get install chromium fonts-nanum`; `.ci/run` does
 * it), headless, with the flags these machines need and a fresh profile per launch. Without it the
 * tests print why they skipped; in CI it is always there.
 */
export { CHROMIUM, type LaunchedBrowser, launchBrowser } from './chromium';
export const browserSkipReason = fs.existsSync(CHROMIUM)
  ? null
  : `browser tests skipped: ${CHROMIUM} not found (apt-get install chromium fonts-nanum)`;

/** The built UI the all-in-one server serves; `npm test` builds it first. */
export const UI_DIR = path.resolve(__dirname, '../../../ui/dist');
export const uiSkipReason = fs.existsSync(path.join(UI_DIR, 'index.html'))
  ? null
  : `browser tests skipped: the UI is not built (npm run build --workspace ui)`;

/**
 * `describe` for browser tests: they run when Chromium and the built UI are there, and otherwise
 * say why they skipped.
 */
const skipReason = browserSkipReason ?? uiSkipReason;
if (skipReason) console.warn(skipReason);
export const describeInBrowser = skipReason ? describe.skip : describe;

/** Where screenshots are kept as test artifacts. */
export const ARTIFACTS = path.resolve(__dirname, '../../../artifacts');

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Signs in through the /login form. */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('이메일').first().fill(email);
  await page.getByLabel('비밀번호').first().fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
}

const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical findings of axe-core on the page as it is now. `disabledRules`: rules not
 * run, each for a finding known and owned elsewhere (say which, where it is passed).
 */
export async function seriousViolations(
  page: Page,
  options: { disabledRules?: readonly string[] } = {},
): Promise<string[]> {
  // evaluate() is not subject to the page's Content-Security-Policy, which refuses inline scripts.
  await page.evaluate(axeSource);
  const rules = Object.fromEntries((options.disabledRules ?? []).map((id) => [id, { enabled: false }]));
  const violations = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'], rules: ${JSON.stringify(rules)} }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ') + ' ' + n.html.slice(0, 700)).slice(0, 3) })))`,
  )) as { id: string; impact: string; nodes: string[] }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.join(', ')}`);
}

/** Opens a path inside the running app, as a link would (no reload: the session stays). */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(
    `window.history.pushState({}, '', ${JSON.stringify(path)}); window.dispatchEvent(new PopStateEvent('popstate'));`,
  );
}

/**
 * How long a screen may take to settle: generous, since a full test run keeps both cores of the
 * machine busy and a screen's reads then wait their turn (the timing itself is the bench's job).
 */
export const SETTLE_MS = 30_000;

/**
 * Waits until a screen has drawn its content (a heading, a list, a form), the top bar is gone and
 * no progress indicator is left: what it shows then is what a person reads.
 */
export async function settledScreen(page: Page): Promise<void> {
  const inFlight = requestsInFlight(page);
  try {
    await waitUntil(
      page.locator(
        'main h1, main h2, main h4, main h5, main h6, main form, main ul, main ol, main table, main [role="tablist"], h1',
      ),
      'visible',
      SETTLE_MS,
    );
    await waitUntil(page.getByTestId('top-progress-bar'), 'detached', SETTLE_MS);
    await waitUntil(page.locator('[role="progressbar"]'), 'detached', SETTLE_MS);
  } catch (error) {
    // Which indicator stayed and which requests were still unanswered say what the screen waited for.
    const indicators = (await page
      .evaluate(
        `[...document.querySelectorAll('[role="progressbar"]')].map((n) => (n.getAttribute('aria-label') ?? '') + ' in ' + (n.parentElement?.outerHTML ?? '').slice(0, 300))`,
      )
      .catch(() => [])) as string[];
    const requests = [...inFlight].map((request) => `${request.method()} ${request.url()}`);
    throw new Error(
      `${(error as Error).message}; progress shown: ${JSON.stringify(indicators)}; requests unanswered: ${JSON.stringify(requests)}`,
    );
  }
}

const inFlightByPage = new WeakMap<Page, Set<Request>>();

/** The page's requests not yet answered, followed from the first time a test asks. */
function requestsInFlight(page: Page): ReadonlySet<Request> {
  let inFlight = inFlightByPage.get(page);
  if (!inFlight) {
    const pending = new Set<Request>();
    page.on('request', (request) => pending.add(request));
    page.on('requestfinished', (request) => pending.delete(request));
    page.on('requestfailed', (request) => pending.delete(request));
    inFlightByPage.set(page, pending);
    inFlight = pending;
  }
  return inFlight;
}

/** How often `waitUntil` looks again. */
const LOOK_AGAIN_MS = 20;

/**
 * Waits until `locator`'s first element is visible, or hidden (or absent), or until it matches
 * some element (`'attached'`) or none (`'detached'`), looking every 20 ms. A locator's own `waitFor` looks at widening intervals,
 * half a second apart once the first quarter second has passed, so a screen drawn in 0.3 s is
 * seen at 0.8 s; a test that opens a hundred screens spent most of its time there.
 */
export async function waitUntil(
  locator: Locator,
  state: 'visible' | 'hidden' | 'attached' | 'detached' = 'visible',
  timeoutMs = BROWSER_WAIT_MS,
): Promise<void> {
  const reached = async () => {
    if (state === 'visible') return locator.first().isVisible();
    if (state === 'hidden') return !(await locator.first().isVisible());
    const count = await locator.count();
    return state === 'attached' ? count > 0 : count === 0;
  };
  for (const deadline = Date.now() + timeoutMs; !(await reached()); ) {
    if (Date.now() > deadline) throw new Error(`${locator} was not ${state} within ${timeoutMs} ms`);
    await locator.page().waitForTimeout(LOOK_AGAIN_MS);
  }
}
