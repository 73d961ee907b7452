import type { DesignDocument, EstimationLine } from '@interior/contracts';
import { profiled } from './cpu-profile';
import { benchCatalogue, benchDesign } from './estimate-engine';
import { HttpChild } from './http-child';
import { met, type Percentiles, type RemoteLatency, sampleRemote } from './measure';
import { ms, startSectionPlatform } from './section-platform';

/**
 * The estimate draft through the whole path: `POST /api/estimation/{id}/draft` for a design of 200
 * rooms and 2,000 items (the estimate engine's design), i.e. reading the design's stream for the
 * requested revision, loading its catalogue and the owner's constants from the read models,
 * computing, appending the draft event with every line and waiting for the projection. Then
 * `GET …/draft` of the same draft and `PUT …/draft` of it with one price changed, and the 견적서 PDF
 * of the issued quote (every line, and the plan of 2,000 items drawn on its first page). The ratio to
 * the engine alone says what the service costs on top of the arithmetic.
 *
 * The catalogue (31 materials, 41 products, 8 BOMs, 5 workspaces, a wall drawing) is created
 * through the API, and the design's references are mapped onto the ids it was given.
 */

/** Where people wait on the draft: computing it, opening it, saving an edit. */
const TARGETS = { computeP50Ms: 100, readP50Ms: 20, saveP50Ms: 100 };

async function call(base: string, token: string, method: string, path: string, body?: unknown, headers = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return { response, body: text ? JSON.parse(text) : null };
}

/** A line of the draft as `GET …/draft` answers it: its sources are read on their own request. */
type DraftLine = Omit<EstimationLine, 'sources'> & { sourceCount: number };

export interface EstimationDraftResult {
  rooms: number;
  items: number;
  lines: number;
  compute: RemoteLatency;
  read: RemoteLatency;
  /** `GET …/draft/lines/{lineId}/sources` of the line with the most sources */
  sources: RemoteLatency & { count: number };
  save: RemoteLatency;
  /** `GET …/quote/1.pdf`: the 견적서 with the design's plan drawn on its first page */
  pdf: RemoteLatency;
  engine: Percentiles;
}

async function seed(base: string, token: string): Promise<{ designId: number; estimationId: number }> {
  const catalogue = benchCatalogue();
  const values = <T>(lookup: ReadonlyMap<number, T> | Readonly<Record<string, T>>): T[] =>
    lookup instanceof Map ? [...(lookup as ReadonlyMap<number, T>).values()] : Object.values(lookup);
  const post = async (resource: string, record: Record<string, unknown>) =>
    (await call(base, token, 'POST', `/api/${resource}`, record)).body.id as number;
  // The bench's own ids → the ids the platform gave.
  const bomIds = new Map<number, number>();
  for (const bom of values(catalogue.boms))
    bomIds.set(
      bom.id,
      await post('bom', {
        name: bom.name,
        lines: bom.lines.map((line) => ({
          ...line,
          // The engine bench reads this constant from its catalogue; here it is written out.
          quantity: line.quantity.replaceAll('MOULDING_LENGTH', '2.4'),
        })),
      }),
    );
  const mapped = (id: number | null | undefined) => (id == null ? null : (bomIds.get(id) ?? null));
  const materialIds = new Map<number, number>();
  for (const m of values(catalogue.materials))
    materialIds.set(
      m.id,
      await post('material', {
        name: m.name,
        code: `BENCH-M${m.id}`,
        spec: m.spec ?? '',
        unit: m.unit,
        price: m.price,
        lossRate: Number(m.lossRate),
        bomId: mapped(m.bomId),
        status: 'Active',
      }),
    );
  const productIds = new Map<number, number>();
  // Singles first: a Set is made of singles (here two of the first single), and counts as itself.
  const products = values(catalogue.products).sort(
    (a, b) => Number(a.kind === 'Set') - Number(b.kind === 'Set'),
  );
  for (const p of products) {
    const firstSingle = productIds.values().next().value;
    productIds.set(
      p.id,
      await post('product', {
        name: p.name,
        code: `BENCH-P${p.id}`,
        kind: p.kind,
        unit: p.unit,
        price: p.price,
        bomId: mapped(p.bomId),
        status: 'Active',
        ...(p.kind === 'Set' ? { components: [{ productId: firstSingle, quantity: 2 }] } : {}),
      }),
    );
  }
  const workspaceIds = new Map<number, number>();
  for (const w of values(catalogue.workspaces))
    workspaceIds.set(w.id, await post('workspace', { name: w.name, bomId: mapped(w.bomId) }));
  const wallDrawingIds = new Map<number, number>();
  for (const d of values(catalogue.wallDrawings))
    wallDrawingIds.set(
      d.id,
      await post('walldrawing', {
        name: d.name,
        width: d.width,
        height: d.height,
        elements: d.elements.map((e) => ({ ...e, materialId: materialIds.get(e.materialId) })),
      }),
    );

  const doc: DesignDocument = benchDesign();
  const to = (ids: Map<number, number>, id: number | null | undefined) => (id == null ? id : ids.get(id));
  for (const room of doc.rooms) {
    room.workspaceId = to(workspaceIds, room.workspaceId);
    room.floorMaterialId = to(materialIds, room.floorMaterialId);
    room.wallMaterialId = to(materialIds, room.wallMaterialId);
    room.ceilingMaterialId = to(materialIds, room.ceilingMaterialId);
  }
  for (const opening of doc.openings) opening.productId = to(productIds, opening.productId) ?? null;
  for (const item of doc.items) item.productId = to(productIds, item.productId) as number;
  for (const drawing of doc.wallDrawings)
    drawing.wallDrawingId = to(wallDrawingIds, drawing.wallDrawingId) as number;

  const designId = (await call(base, token, 'POST', '/api/mydesign', { name: '견적 벤치 200실' })).body
    .id as number;
  await call(base, token, 'PUT', `/api/design/${designId}/document`, doc, { 'if-match': '"0"' });
  const estimationId = (await call(base, token, 'POST', `/api/design/${designId}/estimation`, {})).body
    .id as number;
  const managerId = (
    await call(base, token, 'POST', '/api/user', {
      email: 'bench-manager@bench.example',
      name: '벤치 매니저',
      roles: ['DesignManager'],
      password: 'bench-manager-password-1',
    })
  ).body.id as number;
  await call(base, token, 'POST', `/api/estimation/${estimationId}/assign`, { managerId });
  return { designId, estimationId };
}

export async function measureEstimationDraft(
  url: string,
  admin: { email: string; password: string },
  quick: boolean,
  engine: Percentiles,
): Promise<EstimationDraftResult> {
  const { platform, token } = await startSectionPlatform(url, admin);
  try {
    const base = platform.url;
    const { estimationId } = await seed(base, token);
    const quickPlan = { warmup: 1, samples: 5 };
    // BENCH_DRAFT_SAMPLES: more samples of the draft's requests alone (the PDF's stay as the run's),
    // for figures steadier than five on a loaded machine.
    const samples = Number(process.env.BENCH_DRAFT_SAMPLES) || 0;
    const plan = samples > 0 ? { warmup: 2, samples } : quick ? quickPlan : { warmup: 3, samples: 30 };
    const pdfPlan = quick ? quickPlan : { warmup: 3, samples: 30 };
    type Draft = { lines: DraftLine[]; version: number; problems: string[] };
    const client = HttpChild.start(token);
    try {
      const draftPath = `/api/estimation/${estimationId}/draft`;
      let computed = null as Draft | null;
      const compute = await profiled('draft-post', () =>
        sampleRemote(async () => {
          const answer = await client.request(base, { method: 'POST', path: draftPath, wantJson: true });
          computed = answer.json as Draft;
          return answer.ms;
        }, plan),
      );
      if (!computed) throw new Error('no draft was computed');
      const { lines, problems } = computed;
      if (problems.length) throw new Error(`bench draft has problems: ${problems[0]}`);
      const read = await profiled('draft-get', () =>
        sampleRemote(async () => (await client.request(base, { method: 'GET', path: draftPath })).ms, plan),
      );
      // The sources of the line with the most, as the sheet reads them when that line is opened.
      const widest = lines.reduce((a, b) => (b.sourceCount > a.sourceCount ? b : a));
      const sourcesPath = `${draftPath}/lines/${encodeURIComponent(widest.id)}/sources`;
      const sources = await profiled('draft-line-sources', () =>
        sampleRemote(async () => (await client.request(base, { method: 'GET', path: sourcesPath })).ms, plan),
      );
      let etag = `"${computed.version}"`;
      const save = await profiled('draft-put', () =>
        sampleRemote(async (i) => {
          // As the editor sends them (DraftEditor): each line's fields, without its sources.
          const edited = lines.map(({ id, trade, kind, name, spec, unit, quantity, unitPrice }, n) => ({
            id,
            trade,
            kind,
            name,
            spec,
            unit,
            quantity,
            unitPrice: n === 0 ? unitPrice + i + 1 : unitPrice,
          }));
          const answer = await client.request(base, {
            method: 'PUT',
            path: draftPath,
            body: JSON.stringify({ lines: edited }),
            headers: { 'if-match': etag },
          });
          etag = answer.etag ?? etag;
          return answer.ms;
        }, plan),
      );
      await call(base, token, 'POST', `/api/estimation/${estimationId}/quote`);
      const pdf = await sampleRemote(
        async () =>
          (await client.request(base, { method: 'GET', path: `/api/estimation/${estimationId}/quote/1.pdf` }))
            .ms,
        pdfPlan,
      );
      const doc = benchDesign();
      return {
        rooms: doc.rooms.length,
        items: doc.items.length,
        lines: lines.length,
        compute,
        read,
        sources: { ...sources, count: widest.sourceCount },
        save,
        pdf,
        engine,
      };
    } finally {
      client.close();
    }
  } finally {
    await platform.close();
  }
}

/** The section as printed after the report. */
export async function estimationDraftSection(
  url: string,
  admin: { email: string; password: string },
  quick: boolean,
  engine: Percentiles,
): Promise<string> {
  const r = await measureEstimationDraft(url, admin, quick, engine);
  const row = (label: string, p: RemoteLatency, targetP50Ms?: number) =>
    `  ${label.padEnd(38)} samples ${p.samples}  p50 ${ms(p.p50Ms)} ms  p99 ${ms(p.p99Ms)} ms  server CPU ${ms(p.serverCpuMs)} ms/request${
      targetP50Ms === undefined ? '' : `  target p50 ≤ ${targetP50Ms} ms: ${met(p.p50Ms, targetP50Ms)}`
    }`;
  return [
    `\nEstimate draft over HTTP: a design of ${r.rooms} rooms and ${r.items.toLocaleString('en-US')} items, ${r.lines} lines, client in its own process`,
    row('POST /api/estimation/{id}/draft', r.compute, TARGETS.computeP50Ms),
    row('GET  /api/estimation/{id}/draft', r.read, TARGETS.readP50Ms),
    row(`GET  …/draft/lines/{lineId}/sources (${r.sources.count})`, r.sources),
    row('PUT  /api/estimation/{id}/draft', r.save, TARGETS.saveP50Ms),
    row('GET  /api/estimation/{id}/quote/1.pdf', r.pdf),
    `  POST draft ÷ computeEstimate alone at p50: ${(r.compute.p50Ms / r.engine.p50Ms).toFixed(1)}×`,
    '',
  ].join('\n');
}
