import type { DesignDocument } from '@interior/contracts';
import type { Page } from 'playwright-core';
import { SETTLE_MS, signInThroughForm, waitUntil } from '../testing/browser';
import type { TestPlatform } from '../testing/platform';

/**
 * Driving the design editor in a browser test: opening a design, plan points on the screen,
 * clicks and drags on the plan, and the saved document as the server has it. `who` answers the
 * owner's sign-in, token and design when asked (they are made in a beforeAll).
 */
export function designerPage(
  platform: () => TestPlatform,
  who: () => { email: string; password: string; token: string; designId: number },
) {
  /**
   * Opens the editor: signed out, its address leads to sign-in and back; a tab opened beside a
   * signed-in one is handed its session.
   */
  const open = async (page: Page) => {
    const { email, password, designId } = who();
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${platform().url}/designer/${designId}`);
    const canvas = page.getByTestId('plan-canvas');
    await waitUntil(canvas.or(page.getByLabel('이메일').first()));
    if (!(await canvas.isVisible())) {
      await signInThroughForm(page, email, password);
      await page.waitForURL(new RegExp(`/designer/${designId}$`));
    }
    await waitUntil(canvas);
  };
  /** A plan point (millimetres) as a point on the screen. */
  const screen = async (page: Page, x: number, y: number) =>
    (await page.evaluate(
      `(() => { const m = document.querySelector('[data-testid=plan-canvas]').getScreenCTM(); return { x: m.a * ${x} + m.c * ${y} + m.e, y: m.b * ${x} + m.d * ${y} + m.f }; })()`,
    )) as { x: number; y: number };
  const clickAt = async (page: Page, x: number, y: number) => {
    const at = await screen(page, x, y);
    await page.mouse.click(at.x, at.y);
  };
  /** Picks a drawing tool and clicks the plan points in turn. */
  const drawThrough = async (page: Page, tool: string, points: readonly (readonly [number, number])[]) => {
    await page.getByRole('button', { name: tool }).click();
    for (const [x, y] of points) await clickAt(page, x, y);
  };
  const saved = async (page: Page) =>
    waitUntil(page.getByTestId('save-state').getByText(/^저장됨/), 'visible', 15_000);
  const documentNow = async () => {
    const { token, designId } = who();
    return (await platform().api.request('GET', `/api/design/${designId}/document`, { token }))
      .body as DesignDocument;
  };
  /**
   * The saved document once `check` holds (autosave follows edits by a moment), or the last one
   * read. A loaded machine may take a while to save: the wait is the one every screen gets.
   */
  const documentWhen = async (check: (doc: DesignDocument) => boolean) => {
    let doc = await documentNow();
    for (let waited = 0; waited < SETTLE_MS && !check(doc); waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      doc = await documentNow();
    }
    return doc;
  };
  const dragOnPlan = async (page: Page, from: [number, number], to: [number, number]) => {
    const a = await screen(page, ...from);
    const b = await screen(page, ...to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
  };
  return { open, screen, clickAt, drawThrough, saved, documentNow, documentWhen, dragOnPlan };
}
