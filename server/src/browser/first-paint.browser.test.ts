import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { contentSecurityPolicy, policyHeaderValue } from '../content-security-policy';
import { inlineScripts, scriptHashSource } from '../inline-scripts';
import {
  describeInBrowser,
  type LaunchedBrowser,
  launchBrowser,
  settledScreen,
  signInThroughForm,
  UI_DIR,
  waitUntil,
} from '../testing/browser';
import { ADMIN, EMBEDDED_START_TIMEOUT_MS, startTestPlatform, type TestPlatform } from '../testing/platform';

/**
 * What a first visit paints before the JavaScript runs: the boot script inlined in index.html (the
 * saved palette, the sign-in page's frame on /login), allowed by the content security policy by its
 * hash and by nothing broader, and the frame that React then replaces.
 */

/** Content security policy violations the page reports, collected from before its first script. */
const collectViolations = `window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__cspViolations.push(event.violatedDirective + ' ' + (event.blockedURI || 'inline') + ' ' + event.sourceFile + ':' + event.lineNumber);
});`;

/**
 * The violations of the page, but for zod's one probe of whether it may compile its parsers
 * (`new Function`): refused, it interprets them instead, as the policy means it to.
 */
const violations = async (page: Page) =>
  ((await page.evaluate('window.__cspViolations')) as string[]).filter((v) => !v.includes(' eval '));

describeInBrowser('the first paint, before the JavaScript', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    browser = await launchBrowser();
    await browser.context.addInitScript(collectViolations);
  }, EMBEDDED_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('allows every inline script of the served page by its hash, and never any inline script', async () => {
    const built = inlineScripts(fs.readFileSync(path.join(UI_DIR, 'index.html'), 'utf8'));
    expect(built.length).toBeGreaterThan(0);
    const response = await fetch(`${platform.url}/login`);
    const served = inlineScripts(await response.text());
    expect(served).toEqual(built);
    const policy = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src '));
    expect(scriptSrc).toBeDefined();
    for (const script of served) expect(scriptSrc).toContain(scriptHashSource(script));
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    // The very policy the gateway of the distributed stack is given for this build.
    expect(policy).toBe(policyHeaderValue(contentSecurityPolicy({ uiDir: UI_DIR, tossPayments: false })));
  });

  it('paints the saved palette and the sign-in frame before the app runs, then the app replaces it', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${platform.url}/favicon.svg`);
    await page.evaluate(`localStorage.setItem('interior.paletteMode', 'dark')`);
    // The app's entry held back: what shows is what index.html draws alone.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${platform.url}/login`, { waitUntil: 'commit' });
    const frame = page.locator('.plain-boot-frame');
    await waitUntil(frame, 'visible');
    expect(await frame.getAttribute('aria-hidden')).toBe('true');
    await expect(page.getByText('인테리어 디자인 플랫폼').first().isVisible()).resolves.toBe(true);
    const paper = await page.evaluate(
      `getComputedStyle(document.documentElement).getPropertyValue('--app-paper')`,
    );
    expect(paper).toBe('#1c1f24');
    // Nothing a screen reader would read twice, and nothing to type into that would swallow keys.
    await expect(page.getByRole('heading').count()).resolves.toBe(0);
    await expect(page.locator('input, button, a').count()).resolves.toBe(0);

    // Where the frame draws the bar, its title, the card and its heading, React draws them too.
    const boxes = () =>
      Promise.all(
        ['.plain-header', '.plain-header__title', '.plain-card', '.plain-title'].map(async (selector) => {
          const box = await page.locator(selector).first().boundingBox();
          // The bar whole; the rest where they start (the card grows by the form React adds, and
          // the title leaves room for the palette switch).
          return selector === '.plain-header' || !box ? box : { x: box.x, y: box.y };
        }),
      );
    const framed = await boxes();

    release();
    await waitUntil(page.getByRole('button', { name: '로그인' }), 'visible');
    await expect(frame.count()).resolves.toBe(0);
    expect(await boxes()).toEqual(framed);
    await expect(page.getByRole('heading', { name: '로그인' }).count()).resolves.toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.evaluate(`localStorage.removeItem('interior.paletteMode')`);
    await page.close();
  });

  it('shows the frame on /login only', async () => {
    const page = await browser.context.newPage();
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${platform.url}/signup-options`);
    await expect(page.locator('.plain-boot-frame').isVisible()).resolves.toBe(false);
    await page.goto(`${platform.url}/login`);
    await expect(page.locator('.plain-boot-frame').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('reports no violation of the policy from the sign-in to the dashboard, nor fetches the inlined stylesheets', async () => {
    const page = await browser.context.newPage();
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.css')) stylesheets.push(new URL(request.url()).pathname);
    });
    await page.goto(`${platform.url}/login`);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/dashboard\//);
    await settledScreen(page);
    expect(await violations(page)).toEqual([]);
    // The dashboard's chunks name the entry's stylesheets too: they are in the page already.
    const inlined = [
      ...fs.readFileSync(path.join(UI_DIR, 'index.html'), 'utf8').matchAll(/href="([^"]+\.css)" disabled/g),
    ];
    expect(inlined.length).toBeGreaterThan(0);
    for (const [, file] of inlined) expect(stylesheets).not.toContain(file);
    await page.close();
  });
});
