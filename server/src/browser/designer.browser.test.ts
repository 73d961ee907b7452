import type { DesignDocument } from '@interior/contracts';
import type { Page } from 'playwright-core';
import {
  describeInBrowser,
  type LaunchedBrowser,
  launchBrowser,
  screenshot,
  signInThroughForm,
  UI_DIR,
  waitUntil,
} from '../testing/browser';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { designerCatalogue } from './designer-catalogue';
import { designerPage } from './designer-page';

const PASSWORD = 'designer-password-1';

/**
 * Resolves once the page has drawn `count` more animation frames: the 3D view renders on each, so
 * what it shows now is on screen (a wait on frames drawn, not on time).
 */
const framesDrawn = (page: Page, count: number) =>
  page.evaluate(
    `new Promise((resolve) => {
      const next = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
      next(${count});
    })`,
  );

describeInBrowser('the design editor', () => {
  let platform: TestPlatform;
  let browser: LaunchedBrowser;
  let owner: string;
  let designId: number;
  let oakFloor: number;
  /** Where the chair's 3D model is served (its uploaded .glb). */
  let chairModelUrl: string;

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    await platform.createUser({
      email: 'owner@editor.example',
      password: PASSWORD,
      roles: ['BusinessPro'],
      name: '김민준',
    });
    const admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
    owner = (await platform.api.login('owner@editor.example', PASSWORD)).token;
    ({ oakFloor, chairModelUrl } = await designerCatalogue(platform, { admin, owner }));
    const design = await platform.api.request('POST', '/api/mydesign', {
      token: owner,
      body: { name: '새 거실' },
    });
    designId = design.body.id;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const { open, screen, clickAt, drawThrough, saved, documentNow, documentWhen, dragOnPlan } = designerPage(
    () => platform,
    () => ({ email: 'owner@editor.example', password: PASSWORD, token: owner, designId }),
  );

  it('loads the editor’s code only on /designer/…, not on /login nor on the dashboard', async () => {
    const page = await browser.context.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    const editorCode = () =>
      scripts.filter((path) => /\/assets\/(DesignerPage|PlanView3D|PlanCanvas)-/.test(path));
    await page.goto(`${platform.url}/login`);
    await signInThroughForm(page, 'owner@editor.example', PASSWORD);
    await page.waitForURL(/\/dashboard\/mydesign$/);
    await waitUntil(page.getByRole('main').locator('h1, h2, h3, h4, h5, h6'));
    expect(editorCode()).toEqual([]);
    const editorPage = await page.goto(`${platform.url}/designer/${designId}`);
    expect(editorPage?.status()).toBe(200);
    await waitUntil(page.getByTestId('plan-canvas'));
    expect(editorCode().some((path) => path.includes('DesignerPage-'))).toBe(true);
    // three.js comes with the 3D view, not with the editor.
    expect(editorCode().some((path) => path.includes('PlanView3D-'))).toBe(false);
    await page.close();
  });

  it('draws a room, a door, finishes and two products; the saved document and the price follow', async () => {
    const page = await browser.context.newPage();
    await open(page);
    expect(page.url()).toMatch(new RegExp(`/designer/${designId}$`));

    await page.getByRole('button', { name: '방 그리기' }).click();
    const from = await screen(page, 0, 0);
    const to = await screen(page, 4000, 3000);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await page.getByLabel('방 이름').fill('거실');

    await page.getByRole('button', { name: '문', exact: true }).click();
    await clickAt(page, 950, 0);

    await page.getByRole('button', { name: '선택 (Esc)' }).click();
    await clickAt(page, 2000, 1500);
    await page.getByLabel('바닥 자재').click();
    await page.getByRole('option', { name: /강마루 \(예시\)/ }).click();
    await page.getByLabel('벽 자재').click();
    await page.getByRole('option', { name: /실크벽지 \(예시\)/ }).click();

    for (const [x, y] of [
      [1000, 1000],
      [3000, 1000],
    ] as const) {
      await page.getByRole('list', { name: '제품 목록' }).getByText('3인용 소파 (예시)').click();
      await clickAt(page, x, y);
    }
    await saved(page);
    const doc = await documentNow();
    expect(doc.rooms).toHaveLength(1);
    expect(doc.rooms[0]).toMatchObject({
      name: '거실',
      ceilingHeight: 2400,
      polygon: [
        { x: 0, y: 0 },
        { x: 4000, y: 0 },
        { x: 4000, y: 3000 },
        { x: 0, y: 3000 },
      ],
    });
    expect(doc.rooms[0]!.floorMaterialId).toEqual(expect.any(Number));
    expect(doc.rooms[0]!.wallMaterialId).toEqual(expect.any(Number));
    expect(doc.walls).toHaveLength(4);
    expect(doc.openings).toEqual([
      expect.objectContaining({ kind: 'Door', offset: 500, width: 900, height: 2100, sill: 0 }),
    ]);
    expect(doc.items.map((i) => [i.x, i.y])).toEqual([
      [1000, 1000],
      [3000, 1000],
    ]);
    // The quantities panel: the worked example's figures (docs/estimates.md).
    await waitUntil(
      page.getByTestId('designer-quantities').getByTestId('total-total').getByText('3,902,800원'),
    );
    await screenshot(page, 'designer');

    // The same room in 3D, without a console error.
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.getByRole('button', { name: '3D 보기' }).click();
    await waitUntil(page.getByTestId('designer-3d').locator('canvas'));
    await framesDrawn(page, 2);
    await screenshot(page, 'designer-3d');
    // Walking through it: eye height in the room, the arrow keys move.
    await page.getByRole('button', { name: '걷기' }).click();
    await waitUntil(page.getByTestId('designer-3d').locator('canvas'));
    // Held for some frames: the walk moves the eye each frame the key is down.
    await page.keyboard.down('ArrowUp');
    await framesDrawn(page, 10);
    await page.keyboard.up('ArrowUp');
    await screenshot(page, 'designer-walk');
    expect(errors).toEqual([]);
    await page.getByRole('button', { name: '2D 평면' }).click();
    await waitUntil(page.getByTestId('plan-canvas'));

    // Undo the last three edits (two sofas and the wall finish): the saved document is as before them.
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: '되돌리기' }).click();
    await saved(page);
    const undone = await documentNow();
    expect(undone.items).toEqual([]);
    expect(undone.rooms[0]!.wallMaterialId ?? null).toBeNull();
    expect(undone.rooms[0]!.floorMaterialId).toEqual(expect.any(Number));
    await page.close();
  });

  it('refuses the second of two saves on the same revision, says so, and loads the newer version', async () => {
    const first = await browser.context.newPage();
    const second = await browser.context.newPage();
    await open(first);
    await open(second);
    const rename = async (page: Page, name: string) => {
      await page.getByRole('button', { name: '선택 (Esc)' }).click();
      await clickAt(page, 2000, 1500);
      await page.getByLabel('방 이름').fill(name);
    };
    await rename(first, '거실 A');
    await saved(first);
    await rename(second, '거실 B');
    await waitUntil(
      second.getByText('다른 곳에서 먼저 저장되었습니다.', { exact: false }),
      'visible',
      15_000,
    );
    expect((await documentNow()).rooms[0]!.name).toBe('거실 A');
    await second.getByRole('button', { name: '새 버전 불러오기' }).click();
    await waitUntil(second.getByTestId('plan-room').getByText('거실 A'));
    await first.close();
    await second.close();
  });

  it('moves a product by dragging it, pastes a copy beside it, puts an 아트월 on a wall, and turns a product by its handle', async () => {
    const page = await browser.context.newPage();
    await open(page);
    await page.getByRole('list', { name: '제품 목록' }).getByText('3인용 소파 (예시)').click();
    await clickAt(page, 1000, 2000);
    await page.getByRole('button', { name: '선택 (Esc)' }).click();
    const from = await screen(page, 1000, 2000);
    const to = await screen(page, 2500, 2000);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, from.y, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    // An 아트월 on the wall along the bottom of the room.
    await page.getByRole('list', { name: '벽면도 목록' }).getByText('아트월 (예시)').click();
    await clickAt(page, 2000, 3000);
    // A horizontal SVG line has no height, so Playwright calls it hidden: attached is what counts.
    await waitUntil(page.getByTestId('plan-walldrawing'), 'attached');
    await saved(page);
    // The paste saves a moment after the move: wait for both to reach the server.
    const items = (await documentWhen((doc) => doc.items.length === 2)).items.map((item) => [item.x, item.y]);
    expect(items).toEqual([
      [2500, 2000],
      [3000, 2500],
    ]);
    await saved(page);
    expect((await documentNow()).wallDrawings).toEqual([
      expect.objectContaining({ wallId: 'w3', offset: 1000 }),
    ]);

    // Turned by its handle (in front of it) to face the right: a quarter turn.
    await page.getByRole('button', { name: '선택 (Esc)' }).click();
    await clickAt(page, 2500, 2000);
    const handle = page.getByTestId('rotate-handle').locator('circle');
    await waitUntil(handle);
    const grip = (await handle.boundingBox())!;
    const right = await screen(page, 3500, 2000);
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(right.x, right.y - 40, { steps: 5 });
    await page.mouse.move(right.x, right.y, { steps: 5 });
    await page.mouse.up();
    await saved(page);
    const turned = (doc: DesignDocument) => doc.items.find((i) => i.x === 2500 && i.y === 2000)?.rotation;
    const rotation = turned(await documentWhen((doc) => turned(doc) === 90));
    expect(rotation).toBe(90);
    await page.close();
  });

  it('draws an L-shaped room corner by corner, closes it on its first point, takes a product dropped on it, and free walls drawn by clicks', async () => {
    const page = await browser.context.newPage();
    await open(page);
    const before = await documentNow();
    await drawThrough(page, '다각형 방', [
      [5000, 0],
      [8000, 0],
      [8000, 2000],
      [6500, 2000],
      [6500, 3000],
      [5000, 3000],
      [5000, 0],
    ]);
    await saved(page);
    const after = await documentNow();
    expect(after.rooms).toHaveLength(before.rooms.length + 1);
    expect(after.rooms.at(-1)!.polygon).toEqual([
      { x: 5000, y: 0 },
      { x: 8000, y: 0 },
      { x: 8000, y: 2000 },
      { x: 6500, y: 2000 },
      { x: 6500, y: 3000 },
      { x: 5000, y: 3000 },
    ]);
    expect(after.walls).toHaveLength(before.walls.length + 6);

    // A product dragged from the list and dropped on the new room.
    const target = await screen(page, 7000, 1000);
    const box = (await page.getByTestId('plan-canvas').boundingBox())!;
    await page
      .getByRole('list', { name: '제품 목록' })
      .getByText('3인용 소파 (예시)')
      .dragTo(page.getByTestId('plan-canvas'), {
        targetPosition: { x: target.x - box.x, y: target.y - box.y },
      });
    await saved(page);
    const droppedIn = (doc: DesignDocument) => doc.items.filter((i) => i.x > 5000).map((i) => [i.x, i.y]);
    const dropped = droppedIn(await documentWhen((doc) => droppedIn(doc).length > 0));
    expect(dropped).toEqual([[7000, 1000]]);

    // Two free walls drawn by clicks, the chain ended with Enter.
    const walls = (await documentNow()).walls.length;
    await drawThrough(page, '벽 그리기', [
      [8500, 0],
      [10000, 0],
      [10000, 2000],
    ]);
    await page.keyboard.press('Enter');
    await saved(page);
    const drawn = (await documentWhen((doc) => doc.walls.length - walls === 2)).walls.length - walls;
    expect(drawn).toBe(2);
    await page.close();
  });

  it('shows a product with its own 3D model in the 3D view, without console errors', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on(
      'response',
      (response) => response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`),
    );
    await open(page);
    await page.getByRole('list', { name: '제품 목록' }).getByText('식탁 의자 (예시)').click();
    await clickAt(page, 2000, 2600);
    await saved(page);
    const modelRequest = page.waitForResponse((response) => /\/api\/model\?/.test(response.url()));
    const modelFile = page.waitForResponse((response) => response.url().endsWith(chairModelUrl));
    await page.getByRole('button', { name: '3D 보기' }).click();
    expect((await modelRequest).status()).toBe(200);
    // The chair's own model fetched, then drawn (or its box, the model being an empty scene).
    expect((await modelFile).status()).toBe(200);
    await waitUntil(page.getByTestId('designer-3d').locator('canvas'));
    await framesDrawn(page, 2);
    await screenshot(page, 'designer-3d-model');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('selects two products by Shift+click, moves, turns, copies and deletes them together, and selects by a rubber band', async () => {
    const page = await browser.context.newPage();
    await open(page);
    const before = await documentNow();
    for (const x of [6000, 8000]) {
      await page.getByRole('list', { name: '제품 목록' }).getByText('3인용 소파 (예시)').click();
      await clickAt(page, x, 5000);
    }
    await page.getByRole('button', { name: '선택 (Esc)' }).click();
    await clickAt(page, 6000, 5000);
    await page.keyboard.down('Shift');
    await clickAt(page, 8000, 5000);
    await page.keyboard.up('Shift');
    await waitUntil(page.getByTestId('selection-count').getByText('2개 선택됨'));
    await screenshot(page, 'designer-multiselect');
    // Dragging one of them moves both, in one undo step.
    await dragOnPlan(page, [6000, 5000], [6000, 6000]);
    await saved(page);
    const ours = (doc: DesignDocument) => doc.items.filter((i) => i.y >= 4000);
    let doc = await documentWhen((d) => ours(d).every((i) => i.y === 6000) && ours(d).length === 2);
    expect(ours(doc).map((i) => [i.x, i.y])).toEqual([
      [6000, 6000],
      [8000, 6000],
    ]);
    // A rotation for both at once.
    const rotation = page.getByLabel('회전 (°)');
    await rotation.fill('90');
    await rotation.press('Enter');
    doc = await documentWhen((d) => ours(d).every((i) => i.rotation === 90));
    expect(ours(doc).map((i) => i.rotation)).toEqual([90, 90]);
    // Copied and pasted beside them, then the copies deleted.
    // The keys act on the plan, not on the field just used.
    await page.evaluate('document.activeElement.blur()');
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    doc = await documentWhen((d) => ours(d).length === 4);
    expect(ours(doc).map((i) => [i.x, i.y])).toEqual([
      [6000, 6000],
      [8000, 6000],
      [6500, 6500],
      [8500, 6500],
    ]);
    await waitUntil(page.getByTestId('selection-count').getByText('2개 선택됨'));
    await page.keyboard.press('Delete');
    doc = await documentWhen((d) => ours(d).length === 2);
    expect(ours(doc).map((i) => [i.x, i.y])).toEqual([
      [6000, 6000],
      [8000, 6000],
    ]);
    // Shift+drag from empty ground: a band around both selects them; Delete removes both.
    await page.keyboard.press('Escape');
    await page.keyboard.down('Shift');
    await dragOnPlan(page, [5000, 5300], [9200, 6700]);
    await page.keyboard.up('Shift');
    await waitUntil(page.getByTestId('selection-count').getByText('2개 선택됨'));
    await page.getByRole('button', { name: '선택한 2개 삭제 (Delete)' }).click();
    doc = await documentWhen((d) => ours(d).length === 0);
    expect(ours(doc)).toEqual([]);
    expect(doc.items).toEqual(before.items);
    // Ctrl+A selects every element of the plan.
    await page.keyboard.press('Control+a');
    const count =
      doc.walls.length + doc.openings.length + doc.rooms.length + doc.wallDrawings.length + doc.items.length;
    await waitUntil(page.getByTestId('selection-count').getByText(`${count}개 선택됨`));
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('makes a room of four walls drawn to close a rectangle, in the same undo step as the closing wall', async () => {
    const page = await browser.context.newPage();
    await open(page);
    const before = await documentNow();
    await drawThrough(page, '벽 그리기', [
      [500, 4000],
      [3500, 4000],
      [3500, 6500],
      [500, 6500],
      [500, 4000],
    ]);
    await waitUntil(page.getByText('벽이 닫혀 방을 만들었습니다', { exact: false }));
    const name = `방 ${before.rooms.length + 1}`;
    await waitUntil(page.getByTestId('plan-room').getByText(name));
    await saved(page);
    const corners = (polygon: { x: number; y: number }[]) => polygon.map((p) => `${p.x},${p.y}`).sort();
    let doc = await documentWhen((d) => d.rooms.length === before.rooms.length + 1);
    expect(doc.walls).toHaveLength(before.walls.length + 4);
    expect(doc.rooms).toHaveLength(before.rooms.length + 1);
    expect(doc.rooms.at(-1)).toMatchObject({ name, ceilingHeight: 2400 });
    expect(corners(doc.rooms.at(-1)!.polygon)).toEqual(['3500,4000', '3500,6500', '500,4000', '500,6500']);
    // One undo takes back the closing wall and the room together; redo brings both.
    await page.getByRole('button', { name: '되돌리기' }).click();
    doc = await documentWhen((d) => d.rooms.length === before.rooms.length);
    expect(doc.rooms).toHaveLength(before.rooms.length);
    expect(doc.walls).toHaveLength(before.walls.length + 3);
    await page.getByRole('button', { name: '다시 하기' }).click();
    doc = await documentWhen((d) => d.rooms.length === before.rooms.length + 1);
    expect(doc.walls).toHaveLength(before.walls.length + 4);
    expect(doc.rooms).toHaveLength(before.rooms.length + 1);
    await page.close();
  });

  it('chooses a floor finish by browsing the material categories', async () => {
    const page = await browser.context.newPage();
    await open(page);
    await page.getByRole('button', { name: '선택 (Esc)' }).click();
    await clickAt(page, 1000, 1000);
    await waitUntil(page.getByLabel('방 이름'));
    await page.getByLabel('바닥 자재', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '바닥 자재 고르기' });
    const options = dialog.getByRole('listbox', { name: '바닥 자재 목록' });
    // Everything first; then the 바닥재 branch: its 마루 subcategory's material, not the others.
    await waitUntil(options.getByRole('option', { name: /강마루 \(예시\)/ }));
    await dialog
      .getByRole('navigation', { name: '자재 카테고리' })
      .getByRole('button', { name: '바닥재', exact: true })
      .click();
    await waitUntil(options.getByRole('option', { name: /강마루 \(예시\)/ }), 'detached');
    await waitUntil(options.getByRole('option', { name: /원목마루 \(예시\)/ }));
    await dialog
      .getByRole('navigation', { name: '자재 카테고리' })
      .getByRole('button', { name: '마루', exact: true })
      .click();
    await waitUntil(dialog.getByRole('navigation', { name: '고른 카테고리' }).getByText('마루'));
    await waitUntil(options.getByRole('option', { name: /원목마루 \(예시\)/ }));
    await screenshot(page, 'designer-finish-picker');
    // The 벽재 branch has only a wall material: none for floors.
    await dialog
      .getByRole('navigation', { name: '자재 카테고리' })
      .getByRole('button', { name: '벽재', exact: true })
      .click();
    await waitUntil(dialog.getByText('바닥에 쓰는 자재가 없습니다.', { exact: false }));
    await dialog
      .getByRole('navigation', { name: '자재 카테고리' })
      .getByRole('button', { name: '바닥재', exact: true })
      .click();
    await dialog.getByLabel('자재 검색').fill('원목');
    await options.getByRole('option', { name: /원목마루 \(예시\)/ }).click();
    await waitUntil(dialog, 'detached');
    await waitUntil(
      page.getByLabel('바닥 자재', { exact: true }).getByText('원목마루 (예시)', { exact: false }),
    );
    await saved(page);
    const doc = await documentWhen((d) => d.rooms[0]!.floorMaterialId === oakFloor);
    expect(doc.rooms[0]!.floorMaterialId).toBe(oakFloor);
    await page.close();
  });

  it('shows a wall drawing on its wall in the 3D view, element by element, without console errors', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on(
      'response',
      (response) => response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`),
    );
    await open(page);
    const before = await documentNow();
    // On the top wall of the first room, clear of its door.
    await page.getByRole('list', { name: '벽면도 목록' }).getByText('포인트 월 (예시)').click();
    await clickAt(page, 3000, 0);
    await saved(page);
    const doc = await documentWhen((d) => d.wallDrawings.length === before.wallDrawings.length + 1);
    expect(doc.wallDrawings.at(-1)).toMatchObject({ wallId: 'w1', offset: 2100 });
    await page.getByRole('button', { name: '3D 보기' }).click();
    const view = page.getByTestId('designer-3d');
    await waitUntil(view.locator('canvas'));
    // The earlier 아트월 (one element) and this one (three), each on its room's side of the wall only.
    await waitUntil(page.locator('[data-testid=designer-3d][data-wall-drawing-pieces="4"]'), 'attached');
    await framesDrawn(page, 2);
    await screenshot(page, 'designer-3d-walldrawing');
    await page.getByRole('button', { name: '걷기' }).click();
    await waitUntil(view.locator('canvas'));
    await framesDrawn(page, 2);
    await screenshot(page, 'designer-walk-walldrawing');
    expect(errors).toEqual([]);
    await page.close();
  });
});
