import {
  emptyDesignDocument,
  messages,
  type RecordAsOf,
  type RecordDiff,
  resourceNamed,
} from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { recordLog } from '../testing/record-history';
import { createSample } from '../testing/resource-contract';
import { buildWorkedExample } from '../testing/worked-example';

/**
 * A record as it was at any revision or moment, and what changed between two revisions, in the
 * words and values the screens use; both hidden exactly where the record's history is.
 */
let platform: TestPlatform;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let designId: number;
const api = () => platform.api;
const PASSWORD = 'as-of-password-1';

beforeAll(async () => {
  platform = await startTestPlatform();
  tokens.admin = (await api().login(ADMIN.email, ADMIN.password)).token;
  const people: [string, string, string][] = [
    ['owner', 'BusinessPro', '김민준'],
    ['manager', 'DesignManager', '박관리'],
    ['designer', 'Designer', '이디자'],
    ['stranger', 'BusinessPro', '최남남'],
  ];
  for (const [name, role, display] of people) {
    const email = `${name}@as-of.example`;
    ids[name] = await platform.createUser({
      email,
      password: PASSWORD,
      roles: [role as never],
      name: display,
    });
    tokens[name] = (await api().login(email, PASSWORD)).token;
  }
  designId = (await buildWorkedExample(api(), { admin: tokens.admin!, owner: tokens.owner! })).designId;
});
afterAll(async () => {
  await platform?.stop();
});

const get = (who: string, path: string) => api().request('GET', path, { token: tokens[who]! });
/** A record's own events in its 이력 (not its grants' changes), oldest first, as the Admin reads them. */
const historyOf = async (path: string) =>
  (await recordLog(api(), tokens.admin!, path)).rows.flatMap((entry) =>
    entry.revision === null ? [] : [{ ...entry, revision: entry.revision }],
  );

/** Every value text a diff shows, for the property that none is an id or JSON. */
function texts(diff: RecordDiff): string[] {
  return diff.changes.flatMap((change) => [change.beforeText, change.afterText]);
}

describe('a record as it was', () => {
  it('shows an estimation at every revision and moment, and its draft edits line by line', async () => {
    const created = await api().request('POST', `/api/design/${designId}/estimation`, {
      token: tokens.owner,
      body: { note: '거실 위주' },
    });
    const id = created.body.id as number;
    const act = (who: string, step: string, body: unknown = {}) =>
      api().request('POST', `/api/estimation/${id}/${step}`, { token: tokens[who]!, body });
    expect((await act('admin', 'assign', { managerId: ids.manager, designerId: ids.designer })).status).toBe(
      200,
    );
    const computed = await act('designer', 'draft');
    expect(computed.status).toBe(200);
    const sofa = computed.body.lines.find((l: { name: string }) => l.name === '3인용 소파 (예시)');
    const sofaSources = (await get('designer', `/api/estimation/${id}/draft/lines/${sofa.id}/sources`))
      .body as { label: string }[];
    const dropped = computed.body.lines.find((l: { id: string }) => l.id !== sofa.id);
    const lines = computed.body.lines
      .filter((l: { id: string }) => l.id !== dropped.id)
      .map((l: { id: string }) => (l.id === sofa.id ? { ...l, unitPrice: 1_190_000 } : l));
    // A line written by hand: its 공종 and item are what the diff names it by.
    const byHand = { trade: '기타', kind: 'Expense', name: '폐기물 처리', spec: '', unit: '식' };
    lines.push({ ...byHand, quantity: 1, unitPrice: 120_000 });
    const edited = await api().request('PUT', `/api/estimation/${id}/draft`, {
      token: tokens.designer,
      body: { lines },
      headers: { 'if-match': computed.headers.get('etag')! },
    });
    expect(edited.status).toBe(200);

    const history = await historyOf(`Estimation/${id}`);
    const revisionOf = (type: string) => history.find((entry) => entry.type === type)!.revision;
    // Every revision is the record as it was then; the last one is the record as it is now.
    for (const entry of history) {
      const state = await get('admin', `/api/history/Estimation/${id}/state?revision=${entry.revision}`);
      expect(state.status).toBe(200);
      expect(state.body).toMatchObject({ revision: entry.revision, occurredAt: entry.occurredAt });
      const at = await get(
        'admin',
        `/api/history/Estimation/${id}/state?at=${encodeURIComponent(entry.occurredAt)}`,
      );
      expect((at.body as RecordAsOf).revision).toBeGreaterThanOrEqual(entry.revision);
    }
    const last = (
      await get('admin', `/api/history/Estimation/${id}/state?revision=${history.at(-1)!.revision}`)
    ).body as RecordAsOf;
    const draft = await get('designer', `/api/estimation/${id}/draft`);
    // The edit event leaves the lines' sources out; the history folds them back by line id, so the
    // record as it is now holds each line with where it came from, as the draft's lines and their
    // own request answer them.
    const stateLines = last.state.lines as { id: string; sources: unknown[] }[];
    expect(stateLines.map(({ sources, ...l }) => ({ ...l, sourceCount: sources.length }))).toEqual(
      draft.body.lines,
    );
    expect(stateLines.find((l) => l.id === sofa.id)!.sources).toEqual(sofaSources);
    // The computed event carries the sources packed beside the lines: as of it, each line has its own.
    const asComputed = (
      await get(
        'admin',
        `/api/history/Estimation/${id}/state?revision=${revisionOf('EstimationDraftComputed')}`,
      )
    ).body as RecordAsOf;
    expect(asComputed.state).not.toHaveProperty('packedSources');
    const computedLines = asComputed.state.lines as { id: string; sources: unknown[] }[];
    expect(computedLines.find((l) => l.id === sofa.id)!.sources).toEqual(sofaSources);
    expect(computedLines.find((l) => l.id === dropped.id)!.sources.length).toBe(dropped.sourceCount);
    expect(last.state).toMatchObject({ note: '거실 위주', managerId: ids.manager, designerId: ids.designer });
    const first = (await get('admin', `/api/history/Estimation/${id}/state?revision=${history[0]!.revision}`))
      .body as RecordAsOf;
    expect(first.state.managerId).toBeUndefined();
    const before = await get('admin', `/api/history/Estimation/${id}/state?at=2001-01-01`);
    expect(before.body).toEqual({ status: 404, message: messages.notYetRecorded });

    // The edit, line by line: the sofa's price, the line cut, the line added, with 공종.
    const edit = (
      await get(
        'admin',
        `/api/history/Estimation/${id}/diff?from=${revisionOf('EstimationDraftComputed')}&to=${revisionOf('EstimationDraftEdited')}`,
      )
    ).body as RecordDiff;
    expect(edit.lines!.changed).toContainEqual({
      id: sofa.id,
      trade: sofa.trade,
      name: '3인용 소파 (예시)',
      // The line's source: the parts of the design its quantity came from.
      source: [...new Set(sofaSources.map((s) => s.label))].join(', '),
      changes: expect.arrayContaining([
        {
          field: 'unitPrice',
          label: '단가',
          before: sofa.unitPrice,
          after: 1_190_000,
          beforeText: `${sofa.unitPrice.toLocaleString('ko-KR')}원`,
          afterText: '1,190,000원',
        },
      ]),
    });
    expect(edit.lines!.removed.map((l) => l.id)).toEqual([dropped.id]);
    expect(edit.lines!.added.map((l) => [l.trade, l.name, l.source])).toEqual([
      ['기타', '폐기물 처리', '직접 추가한 품목'],
    ]);
    expect(edit.lines!.changed.find((l) => l.id === sofa.id)!.source).not.toBe('');
    expect(edit.changes.find((c) => c.path === 'totals')).toMatchObject({ label: '금액' });

    // The whole life of the record: people by name, codes and amounts as the screens show them.
    const whole = (
      await get(
        'admin',
        `/api/history/Estimation/${id}/diff?from=${history[0]!.revision}&to=${history.at(-1)!.revision}`,
      )
    ).body as RecordDiff;
    expect(whole.changes.find((c) => c.path === 'managerId')).toMatchObject({
      label: '담당 매니저',
      beforeText: '-',
      afterText: '박관리',
    });
    for (const text of texts(whole)) expect(text).not.toMatch(/#\d|^\{|^\[|undefined|NaN/);
    for (const change of whole.changes) expect(change.label).not.toBe('기타 항목');

    // The event that made the revision, told as the log tells it.
    expect(last.type).toBe('EstimationDraftEdited');
    expect(last.sentence).toMatch(/^이디자님이 견적 EST-\d{8}-\d{4}에서 초안 수정을 했습니다\.$/);
    // The state as the screens show it: every field by its Korean name, people by name.
    expect(last.fields).toContainEqual({ path: 'managerId', label: '담당 매니저', text: '박관리' });
    expect(last.fields.map((f) => f.path).sort()).toEqual(Object.keys(last.state).sort());
    for (const field of last.fields) expect(field.text).not.toMatch(/#\d|^\{|^\[|undefined|NaN/);
    // A rename shows on every revision: names are read as they are now.
    const renaming = await api().request('PUT', '/api/user/current', {
      token: tokens.manager,
      body: { name: '박새이름' },
    });
    expect(renaming.status).toBe(200);
    const renamed = (await get('admin', `/api/history/Estimation/${id}/state?revision=${last.revision}`))
      .body as RecordAsOf;
    expect(renamed.fields).toContainEqual({ path: 'managerId', label: '담당 매니저', text: '박새이름' });
  });

  it('names the records a record refers to as they are named now, never by number', async () => {
    const context = {
      platform: () => platform,
      admin: () => tokens.admin!,
      stranger: () => tokens.stranger!,
    };
    const first = await createSample(context, resourceNamed('brand')!);
    const other = await createSample(context, resourceNamed('brand')!);
    const product = await createSample(context, resourceNamed('product')!);
    const put = (path: string, version: number, body: unknown) =>
      api().request('PUT', path, { token: tokens.admin, headers: { 'if-match': `"${version}"` }, body });
    expect((await put(`/api/product/${product.id}`, 0, { brandId: first.id })).status).toBe(200);
    expect((await put(`/api/product/${product.id}`, 1, { brandId: other.id })).status).toBe(200);
    expect((await put(`/api/brand/${other.id}`, 0, { name: '바뀐 브랜드' })).status).toBe(200);
    const history = await historyOf(`Product/${product.id}`);
    const [from, to] = [history.at(-2)!.revision, history.at(-1)!.revision];
    const diff = (await get('admin', `/api/history/Product/${product.id}/diff?from=${from}&to=${to}`))
      .body as RecordDiff;
    expect(diff.changes.find((c) => c.path === 'brandId')).toMatchObject({
      label: '브랜드',
      beforeText: first.name,
      afterText: '바뀐 브랜드',
    });
    const state = (await get('admin', `/api/history/Product/${product.id}/state?revision=${from}`))
      .body as RecordAsOf;
    expect(state.fields.find((f) => f.path === 'brandId')).toEqual({
      path: 'brandId',
      label: '브랜드',
      text: first.name,
    });
  });

  it('diffs a design’s drawing element by element', async () => {
    const design = await api().request('POST', '/api/mydesign', {
      token: tokens.owner,
      body: { name: '요소 비교' },
    });
    const id = design.body.id as number;
    const room = (roomId: string, size: number, ceilingHeight = 2400) => ({
      id: roomId,
      name: '방',
      polygon: [
        { x: 0, y: 0 },
        { x: size, y: 0 },
        { x: size, y: size },
        { x: 0, y: size },
      ],
      ceilingHeight,
    });
    const save = (document: unknown, revision: number) =>
      api().request('PUT', `/api/design/${id}/document`, {
        token: tokens.owner,
        body: document,
        headers: { 'if-match': `"${revision}"` },
      });
    expect(
      (
        await save(
          { ...emptyDesignDocument(), rooms: [room('r1', 3000), room('r2', 2000), room('r3', 1000)] },
          0,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await save(
          { ...emptyDesignDocument(), rooms: [room('r1', 4000), room('r2', 2000, 2600), room('r4', 500)] },
          1,
        )
      ).status,
    ).toBe(200);
    const history = await historyOf(`Design/${id}`);
    const saves = history.filter((entry) => entry.type === 'DesignDocumentChanged');
    const diff = (
      await get('owner', `/api/history/Design/${id}/diff?from=${saves[0]!.revision}&to=${saves[1]!.revision}`)
    ).body as RecordDiff;
    expect(diff.elements).toEqual({
      added: [{ group: 'rooms', groupLabel: '방', id: 'r4', name: '방' }],
      removed: [{ group: 'rooms', groupLabel: '방', id: 'r3', name: '방' }],
      changed: [
        { group: 'rooms', groupLabel: '방', id: 'r1', name: '방', how: ['moved'], fields: ['polygon'] },
        {
          group: 'rooms',
          groupLabel: '방',
          id: 'r2',
          name: '방',
          how: ['resized'],
          fields: ['ceilingHeight'],
        },
      ],
    });
    // The drawing of as many elements reads alike before and after ("요소 3개"): its change is the
    // elements above, not a field that shows none.
    expect(diff.changes.map((c) => c.path)).not.toContain('document');
    for (const change of diff.changes) expect(change.beforeText).not.toBe(change.afterText);
  });

  it('answers 404 to whoever the history answers 404, and a Korean 400 to bad input', async () => {
    const design = await api().request('POST', '/api/mydesign', {
      token: tokens.owner,
      body: { name: '비공개' },
    });
    const id = design.body.id as number;
    for (const who of ['owner', 'stranger', 'admin', 'manager']) {
      const history = await get(who, `/api/history/Design/${id}/log`);
      const state = await get(who, `/api/history/Design/${id}/state?revision=0`);
      const diff = await get(who, `/api/history/Design/${id}/diff?from=0&to=0`);
      expect({ who, state: state.status, diff: diff.status }).toEqual({
        who,
        state: history.status,
        diff: history.status,
      });
    }
    expect((await get('stranger', `/api/history/Design/${id}/state?revision=0`)).status).toBe(404);
    const bad: [string, number, string][] = [
      ['state', 400, messages.historyAsOfNeedsOne],
      ['state?revision=0&at=2026-01-01', 400, messages.historyAsOfNeedsOne],
      ['state?revision=abc', 400, messages.invalidValue],
      ['state?at=yesterday', 400, messages.invalidValue],
      ['state?revision=99', 404, messages.noSuchRevision],
      ['diff?from=0', 400, messages.invalidValue],
      ['diff?from=0&to=99', 404, messages.noSuchRevision],
    ];
    for (const [query, status, message] of bad) {
      const answer = await get('owner', `/api/history/Design/${id}/${query}`);
      expect({ query, status: answer.status, message: answer.body.message }).toEqual({
        query,
        status,
        message,
      });
    }
    expect((await get('owner', '/api/history/Design/999999/state?revision=0')).status).toBe(404);
  });
});
