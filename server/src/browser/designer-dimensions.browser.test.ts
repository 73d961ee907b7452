import type { DesignDocument } from '@interior/contracts';
import type { Page } from 'playwright-core';
import {
  describeInBrowser,
  type LaunchedBrowser,
  launchBrowser,
  UI_DIR,
  waitUntil,
} from '../testing/browser';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { designerPage } from './designer-page';

const EMAIL = 'measurer@editor.example';
const PASSWORD = 'designer-password-2';
const SOFA = '2인용 소파 (치수)';

/** The width and depth of a room's outline. */
const size = (doc: DesignDocument, name: string) => {
  const polygon = doc.rooms.find((r) => r.name === name)?.polygon ?? [];
  const xs = polygon.map((p) => p.x);
  const ys = polygon.map((p) => p.y);
  return [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
};

describeInBrowser('the design editor: typed dimensions, one drawing, nothing lost, shortcuts', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let owner: string;
  let designId: number;
  const { open, screen, clickAt, drawThrough, saved, documentWhen, dragOnPlan } = designerPage(
    () => platform,
    () => ({ email: EMAIL, password: PASSWORD, token: owner, designId }),
  );

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    await platform.createUser({ email: EMAIL, password: PASSWORD, roles: ['BusinessPro'], name: '이재원' });
    const admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
    owner = (await platform.api.login(EMAIL, PASSWORD)).token;
    const sofa = await platform.api.request('POST', '/api/product', {
      token: admin,
      body: {
        name: SOFA,
        code: 'SOFA-DIM',
        kind: 'Single',
        unit: 'EA',
        price: 500_000,
        width: 1600,
        depth: 800,
        height: 800,
        status: 'Active',
      },
    });
    expect(sofa.status).toBe(201);
    const design = await platform.api.request('POST', '/api/mydesign', {
      token: owner,
      body: { name: '치수 거실' },
    });
    designId = design.body.id;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  /** A browser of its own, whose timers a test can stand still (a clock is its whole context's). */
  const browserWithClock = async () => {
    const own = await launchBrowser();
    await own.context.clock.install();
    return own;
  };
  const drawRoom = async (page: Page, from: [number, number], to: [number, number], name: string) => {
    await page.getByRole('button', { name: '방 그리기' }).click();
    await dragOnPlan(page, from, to);
    await page.getByLabel('방 이름').fill(name);
  };
  const typeInto = async (page: Page, label: string, value: string) => {
    await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel(label, { exact: true }).press('Enter');
  };

  it('types 5000 in 가로 (mm) and saves a 5,000 mm wide room, one undo step; types a wall’s length while drawing and a product’s place', async () => {
    const page = await browser.context.newPage();
    await open(page);
    await drawRoom(page, [0, 0], [4000, 3000], '거실');
    expect(await page.getByLabel('가로 (mm)', { exact: true }).inputValue()).toBe('4000');
    await typeInto(page, '가로 (mm)', '5000');
    let doc = await documentWhen((d) => size(d, '거실')[0] === 5000);
    expect(size(doc, '거실')).toEqual([5000, 3000]);
    expect(Math.max(...doc.walls.flatMap((w) => [w.a.x, w.b.x]))).toBe(5000);
    await typeInto(page, '세로 (mm)', '3200');
    doc = await documentWhen((d) => size(d, '거실')[1] === 3200);
    expect(size(doc, '거실')).toEqual([5000, 3200]);
    // Each typed dimension is one undo step.
    await page.getByRole('button', { name: '되돌리기' }).click();
    doc = await documentWhen((d) => size(d, '거실')[1] === 3000);
    expect(size(doc, '거실')).toEqual([5000, 3000]);

    // The wall tool: a first point, the pointer to its right, 3500 typed and Enter.
    await drawThrough(page, '벽 그리기', [[0, 6000]]);
    const toward = await screen(page, 2000, 6000);
    await page.mouse.move(toward.x, toward.y);
    await page.keyboard.type('3500');
    await waitUntil(page.getByTestId('drawing-length').getByText('3,500 mm'));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    doc = await documentWhen((d) => d.walls.some((w) => w.a.y === 6000));
    expect(doc.walls.filter((w) => w.a.y === 6000).map((w) => [w.a, w.b])).toEqual([
      [
        { x: 0, y: 6000 },
        { x: 3500, y: 6000 },
      ],
    ]);
    await page.getByRole('button', { name: '선택 (Esc)' }).click();
    await clickAt(page, 1750, 6000);
    expect(await page.getByLabel('길이 (mm)', { exact: true }).inputValue()).toBe('3500');

    await page.getByRole('list', { name: '제품 목록' }).getByText(SOFA).click();
    await clickAt(page, 1000, 1000);
    await typeInto(page, 'X (mm)', '1500');
    await typeInto(page, 'Y (mm)', '2200');
    await typeInto(page, '회전 (°)', '90');
    doc = await documentWhen((d) => d.items[0]?.rotation === 90);
    expect(doc.items).toEqual([expect.objectContaining({ x: 1500, y: 2200, rotation: 90 })]);
    await page.close();
  });

  it('renames an opening’s fields 너비 (mm) and 위치 (mm), each a visible label tied to its input', async () => {
    const page = await browser.context.newPage();
    await open(page);
    await page.getByRole('button', { name: '문', exact: true }).click();
    await clickAt(page, 1000, 3000);
    for (const label of ['너비 (mm)', '위치 (mm)']) {
      const tied = page.locator('label', { hasText: label });
      await waitUntil(tied);
      expect(await tied.isVisible()).toBe(true);
      expect(await page.locator(`#${await tied.getAttribute('for')}`).count()).toBe(1);
    }
    await typeInto(page, '너비 (mm)', '800');
    await typeInto(page, '위치 (mm)', '2000');
    const doc = await documentWhen((d) => d.openings[0]?.offset === 2000);
    expect(doc.openings).toEqual([expect.objectContaining({ kind: 'Door', width: 800, offset: 2000 })]);
    // Beyond the wall's end: refused, with the reason, and nothing changes.
    await typeInto(page, '위치 (mm)', '4500');
    await waitUntil(page.getByText('문이나 창이 벽 길이를 넘습니다.'));
    await saved(page);
    expect((await documentWhen(() => true)).openings[0]!.offset).toBe(2000);
    await page.close();
  });

  it('moves a wall two rooms share by dragging it and reshapes both; deleting a room deletes the walls only it used', async () => {
    const page = await browser.context.newPage();
    await open(page);
    await drawRoom(page, [5000, 0], [8000, 3000], '침실');
    await saved(page);
    await page.getByRole('button', { name: '선택 (Esc)' }).click();
    await dragOnPlan(page, [5000, 1500], [5600, 1400]);
    let doc = await documentWhen((d) => size(d, '침실')[0] === 2400);
    expect(size(doc, '거실')).toEqual([5600, 3000]);
    expect(size(doc, '침실')).toEqual([2400, 3000]);
    expect(doc.walls.filter((w) => w.a.x === 5600 && w.b.x === 5600)).toHaveLength(1);

    await clickAt(page, 7000, 1500);
    await page.keyboard.press('Delete');
    doc = await documentWhen((d) => d.rooms.length === 1);
    expect(doc.rooms.map((r) => r.name)).toEqual(['거실']);
    // The shared wall stays for the 거실; the 침실's own three walls went with it.
    expect(doc.walls.filter((w) => Math.max(w.a.x, w.b.x) > 5600)).toEqual([]);
    expect(doc.walls.filter((w) => w.a.x === 5600 && w.b.x === 5600)).toHaveLength(1);
    await page.close();
  });

  it('draws a dimension line on every wall, switched by 치수 표시, and each door’s swing', async () => {
    const page = await browser.context.newPage();
    await open(page);
    const doc = await documentWhen(() => true);
    const dimensions = page.getByTestId('wall-dimension');
    expect(await dimensions.count()).toBe(doc.walls.length);
    await waitUntil(dimensions.getByText('5,600', { exact: true }));
    await waitUntil(dimensions.getByText('3,500', { exact: true }));
    expect(await page.getByTestId('door-swing').count()).toBe(
      doc.openings.filter((o) => o.kind === 'Door').length,
    );
    expect(await page.getByTestId('door-swing').count()).toBeGreaterThan(0);
    await page.getByLabel('치수 표시').uncheck();
    expect(await dimensions.count()).toBe(0);
    await page.getByLabel('치수 표시').check();
    expect(await dimensions.count()).toBe(doc.walls.length);
    await page.close();
  });

  it('asks before closing a tab with unsaved edits, and the closed tab’s last edit arrives', async () => {
    const own = await browserWithClock();
    const page = await own.context.newPage();
    await open(page);
    await saved(page);
    // The page's timers stand still: the autosave cannot send the edit, only leaving can.
    await page.clock.pauseAt(Date.now() + 60_000);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await clickAt(page, 2000, 1500);
    await page.getByLabel('방 이름').fill('닫기 직전 이름');
    await page.close({ runBeforeUnload: true });
    const doc = await documentWhen((d) => d.rooms[0]?.name === '닫기 직전 이름');
    expect(doc.rooms[0]!.name).toBe('닫기 직전 이름');
    expect(dialogs).toEqual(['beforeunload']);
    await own.close();
  });

  it('offers back, when the design opens again, edits that never reached the server', async () => {
    const page = await browser.context.newPage();
    await open(page);
    await saved(page);
    // The server is out of this tab's reach: every save it tries fails.
    await page.route('**/api/design/*/document', (route) =>
      route.request().method() === 'PUT' ? route.abort() : route.continue(),
    );
    await clickAt(page, 2000, 1500);
    await page.getByLabel('방 이름').fill('도착하지 못한 이름');
    await waitUntil(page.getByText('저장하지 못했습니다'), 'visible', 15_000);
    expect((await documentWhen(() => true)).rooms[0]!.name).toBe('닫기 직전 이름');
    // The design opened again in this browser (a page left on the way out gets its edits sent,
    // which would arrive: the test above).
    const again = await browser.context.newPage();
    await open(again);
    await waitUntil(again.getByText('저장되지 않은 편집이 이 브라우저에 남아 있습니다', { exact: false }));
    await waitUntil(again.getByTestId('plan-room').getByText('닫기 직전 이름'));
    await again.getByRole('button', { name: '되살리기' }).click();
    await waitUntil(again.getByTestId('plan-room').getByText('도착하지 못한 이름'));
    const doc = await documentWhen((d) => d.rooms[0]?.name === '도착하지 못한 이름');
    expect(doc.rooms[0]!.name).toBe('도착하지 못한 이름');
    await again.close();
    await page.close();
  });

  it('names every tool’s key in its tooltip and lists them all under 단축키 (?); the key picks the tool', async () => {
    const page = await browser.context.newPage();
    await open(page);
    const tools = page.getByRole('group', { name: '도구' }).getByRole('button');
    const count = await tools.count();
    expect(count).toBe(8);
    const keys: [string, string][] = [];
    for (let i = 0; i < count; i++) {
      const button = tools.nth(i);
      await button.hover();
      const tip = (
        (await page.getByRole('tooltip').filter({ hasText: '단축키' }).textContent()) ?? ''
      ).trim();
      const key = /^단축키 ([A-Z])$/.exec(tip)?.[1];
      expect(key).toBeDefined();
      keys.push([key!, ((await button.textContent()) ?? '').trim()]);
      await page.mouse.move(5, 890);
      await waitUntil(page.getByRole('tooltip'), 'hidden');
    }
    expect(new Set(keys.map(([key]) => key)).size).toBe(count);
    for (const [key, name] of keys) {
      await page.keyboard.press(key.toLowerCase());
      expect(await page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed')).toBe('true');
    }
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: '단축키' });
    await waitUntil(dialog);
    const listed = (await dialog.getByTestId('shortcut-list').textContent()) ?? '';
    for (const [key, name] of keys) {
      expect(listed).toContain(key);
      expect(listed).toContain(name.replace(' (Esc)', ''));
    }
    expect(listed).toContain('Ctrl+S');
    await dialog.getByRole('button', { name: '닫기' }).click();
    await waitUntil(dialog, 'hidden');
    await page.getByRole('button', { name: '단축키 (?)' }).click();
    await waitUntil(dialog);
    await page.keyboard.press('Escape');
    await waitUntil(dialog, 'hidden');
    await page.close();
  });

  it('saves at once on Ctrl+S, with the autosave’s timer standing still', async () => {
    const own = await browserWithClock();
    const page = await own.context.newPage();
    await open(page);
    await saved(page);
    // From here the page's timers do not run: only Ctrl+S can save.
    await page.clock.pauseAt(Date.now() + 60_000);
    await clickAt(page, 2000, 1500);
    await page.getByLabel('가로 (mm)', { exact: true }).fill('5200');
    await page.keyboard.press('Control+s');
    await saved(page);
    const doc = await documentWhen((d) => size(d, d.rooms[0]!.name)[0] === 5200);
    expect(size(doc, doc.rooms[0]!.name)).toEqual([5200, 3000]);
    await own.close();
  });
});
