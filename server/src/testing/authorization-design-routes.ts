import {
  canAccess,
  dashboardRoutes,
  defaultPermission,
  emptyDesignDocument,
  type Permission,
  permits,
} from '@interior/contracts';
import { admin, api, isAdmin, type Persona, type Route, subject, unique } from './authorization-matrix';
import { pricedDesign as pricedDesignOf } from './priced-design';

/**
 * Estimations: the Admin requests one on a design of theirs; no other persona holds a grant on it
 * (requester and assignees do, and none of them is a persona here), so every object route is a 404
 * to them. The lists follow the screens' route rules.
 */
export function estimationRoutes(): Route[] {
  const asAdmin = (method: string, path: string, body?: unknown) =>
    api().request(method, path, { token: admin.token!, ...(body === undefined ? {} : { body }) });
  // A request needs a priced line, and one open estimation per design: each request has its own design.
  const pricedDesign = () =>
    pricedDesignOf(api(), { admin: admin.token!, owner: admin.token! }, `행렬 견적 디자인 ${++unique.count}`);
  const requested = async () => {
    const design = await pricedDesign();
    const estimation = (await asAdmin('POST', `/api/design/${design}/estimation`, {})).body.id as number;
    return { design, estimation };
  };
  let shared: ReturnType<typeof requested> | null = null;
  const fixture = () => {
    shared ??= requested();
    return shared;
  };
  const on = (path: (ids: { design: number; estimation: number }) => string) => async () => ({
    path: path(await fixture()),
  });
  const adminOr = (status: number) => (p: Persona) => (isAdmin(p) ? status : 404);
  const list = (route: 'estimation' | 'my-estimation' | 'design-manager/estimation'): Route => ({
    method: 'GET',
    pattern: `/api/${route}`,
    path: () => `/api/${route}`,
    expected: (p) => (canAccess(dashboardRoutes[route], p.roles) ? 200 : 403),
  });
  const step = (method: string, pattern: string, status: number, body?: unknown, fresh = false): Route => ({
    method,
    pattern,
    path: () => pattern,
    ...(body === undefined ? {} : { body: () => body }),
    prepare: fresh
      ? async () => ({ path: pattern.replace(':id', String((await requested()).estimation)) })
      : on(({ design, estimation }) =>
          pattern.replace(':id', String(pattern.includes('/design/') ? design : estimation)),
        ),
    expected: adminOr(status),
  });
  return [
    list('estimation'),
    list('my-estimation'),
    list('design-manager/estimation'),
    step('GET', '/api/estimation/:id', 200),
    step('GET', '/api/estimation/:id/draft', 404),
    {
      ...step('GET', '/api/estimation/:id/draft/lines/:lineId/sources', 404),
      prepare: on(({ estimation }) => `/api/estimation/${estimation}/draft/lines/L1/sources`),
    },
    step('GET', '/api/estimation/:id/quote', 200),
    {
      ...step('GET', '/api/estimation/:id/quote/:revision', 404),
      prepare: on(({ estimation }) => `/api/estimation/${estimation}/quote/1.pdf`),
    },
    step('GET', '/api/design/:id/estimation', 200),
    {
      ...step('GET', '/api/estimation/:id/assignees', 200),
      prepare: on(({ estimation }) => `/api/estimation/${estimation}/assignees?role=Designer`),
    },
    {
      ...step('POST', '/api/design/:id/estimation', 201, {}),
      // Only the Admin gets as far as the request: the others cannot read the design at all.
      prepare: async (p: Persona) => ({
        path: `/api/design/${isAdmin(p) ? await pricedDesign() : (await fixture()).design}/estimation`,
      }),
    },
    step('POST', '/api/design/:id/estimate-preview', 200, {}),
    step('POST', '/api/estimation/:id/assign', 400, {}),
    step('POST', '/api/estimation/:id/draft', 409, {}),
    step('PUT', '/api/estimation/:id/draft', 400, { lines: [] }),
    step('POST', '/api/estimation/:id/quote', 409, {}),
    step('POST', '/api/estimation/:id/accept', 409, { revision: 1 }),
    step('POST', '/api/estimation/:id/reject', 400, {}),
    step('POST', '/api/estimation/:id/cancel', 200, {}, true),
    step('POST', '/api/estimation/:id/complete', 409, {}),
    {
      method: 'POST',
      pattern: '/api/estimation/expire',
      path: () => '/api/estimation/expire',
      body: () => ({}),
      expected: (p) => (isAdmin(p) ? 200 : 403),
    },
  ];
}

/**
 * The catalogue's own routes beside the generic ones: CSV import (Write on the type) and the
 * drawings of plan templates and wall drawings (read like the record, the catalogue's default).
 */
export function catalogueDrawingRoutes(): Route[] {
  const made: Partial<Record<'plan' | 'walldrawing', Promise<number>>> = {};
  const record = (resource: 'plan' | 'walldrawing') => {
    made[resource] ??= api()
      .request('POST', `/api/${resource}`, {
        token: admin.token!,
        body:
          resource === 'plan'
            ? { name: `행렬 평면도 ${++unique.count}`, document: emptyDesignDocument() }
            : { name: `행렬 벽면도 ${++unique.count}`, width: 2000, height: 2400, elements: [] },
      })
      .then((created) => created.body.id as number);
    return made[resource];
  };
  const imports = (['product', 'material'] as const).map(
    (resource): Route => ({
      method: 'POST',
      pattern: `/api/${resource}/import`,
      path: () => `/api/${resource}/import`,
      body: () => ({ csv: '이름,코드\n행렬 가져오기,MATRIX-1', commit: false }),
      // The preview writes nothing; it needs Write on the type, which only the Admin holds.
      expected: (p) =>
        isAdmin(p)
          ? 200
          : defaultPermission(p.roles, resource === 'product' ? 'Product' : 'Material')
            ? 403
            : 404,
    }),
  );
  // Who uses a record and the last names of records: read like the catalogue.
  const usage: Route[] = [
    {
      method: 'GET',
      pattern: '/api/catalogue/usage/:resource/:id',
      path: () => '',
      prepare: async () => ({ path: `/api/catalogue/usage/plan/${await record('plan')}` }),
      expected: (p) => (isAdmin(p) || defaultPermission(p.roles, 'Plan') ? 200 : 404),
    },
    {
      method: 'GET',
      pattern: '/api/catalogue/names',
      path: () => '/api/catalogue/names?product=1',
      expected: () => 200,
    },
  ];
  return [
    ...imports,
    ...usage,
    ...(
      [
        ['plan', 'Plan'],
        ['walldrawing', 'WallDrawing'],
      ] as const
    ).map(
      ([resource, type]): Route => ({
        method: 'GET',
        pattern: `/api/${resource}/:id/thumbnail.svg`,
        path: () => '',
        prepare: async () => ({ path: `/api/${resource}/${await record(resource)}/thumbnail.svg` }),
        expected: (p) => (isAdmin(p) || defaultPermission(p.roles, type) ? 200 : 404),
      }),
    ),
  ];
}

/**
 * Designs, comments and folders: an Admin's design (and comment, folder) that nobody else holds a
 * grant on; only the role defaults of contracts/src/acl.ts reach it. Fresh ones for the routes that
 * change or remove them.
 */
export function designRoutes(): Route[] {
  const onDesign = (p: Persona): Permission | null =>
    isAdmin(p) ? 'Admin' : defaultPermission(p.roles, 'Design');
  const reads = (p: Persona) => onDesign(p) !== null;
  const needs = (wanted: Permission, ok: number) => (p: Persona) => {
    const held = onDesign(p);
    return held && permits(held, wanted) ? ok : held ? 403 : 404;
  };
  const asAdmin = (method: string, path: string, body?: unknown) =>
    api().request(method, path, { token: admin.token!, ...(body === undefined ? {} : { body }) });
  const newDesign = async (trashed = false) => {
    const id = (await asAdmin('POST', '/api/mydesign', { name: `행렬 디자인 ${++unique.count}` })).body
      .id as number;
    if (trashed) await asAdmin('DELETE', `/api/mydesign/${id}`);
    return id;
  };
  let shared: Promise<{ design: number; comment: number; folder: number }> | null = null;
  const fixture = () => {
    shared ??= (async () => {
      const design = await newDesign();
      const comment = (await asAdmin('POST', '/api/comment', { designId: design, body: '관리자 댓글' })).body
        .id;
      const folder = (await asAdmin('POST', '/api/designfolder', { name: '관리자 폴더' })).body.id;
      return { design, comment, folder };
    })();
    return shared;
  };
  const on = (path: (ids: { design: number; comment: number; folder: number }) => string) => async () => ({
    path: path(await fixture()),
  });
  const fresh =
    (path: (id: number) => string, trashed = false) =>
    async () => ({ path: path(await newDesign(trashed)) });
  const signedIn = () => 200;
  return [
    { method: 'GET', pattern: '/api/mydesign', path: () => '/api/mydesign', expected: signedIn },
    { method: 'GET', pattern: '/api/trash', path: () => '/api/trash', expected: signedIn },
    {
      method: 'GET',
      pattern: '/api/shared',
      path: () => '/api/shared',
      expected: (p) => (canAccess(dashboardRoutes.shared, p.roles) ? 200 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/design/management',
      path: () => '/api/design/management',
      expected: (p) => (isAdmin(p) ? 200 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/design-manager/design',
      path: () => '/api/design-manager/design',
      expected: (p) => (canAccess(dashboardRoutes['design-manager/design'], p.roles) ? 200 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/analysis/design',
      path: () => '/api/analysis/design',
      expected: (p) => (isAdmin(p) ? 200 : 403),
    },
    {
      method: 'POST',
      pattern: '/api/mydesign',
      path: () => '/api/mydesign',
      body: (p) => ({ name: `${p.name}의 디자인` }),
      expected: () => 201,
    },
    ...(['', '/document', '/log', '/thumbnail.svg'] as const).map(
      (suffix): Route => ({
        method: 'GET',
        pattern: suffix ? `/api/design/:id${suffix}` : '/api/mydesign/:id',
        path: () => '',
        prepare: on(({ design }) => (suffix ? `/api/design/${design}${suffix}` : `/api/mydesign/${design}`)),
        expected: needs('Read', 200),
      }),
    ),
    {
      method: 'PUT',
      pattern: '/api/mydesign/:id',
      path: () => '',
      prepare: on(({ design }) => `/api/mydesign/${design}`),
      body: () => ({ description: '행렬에서 바꿈' }),
      expected: needs('Write', 200),
    },
    {
      method: 'PUT',
      pattern: '/api/design/:id/document',
      path: () => '',
      prepare: fresh((id) => `/api/design/${id}/document`),
      body: () => ({ version: 1, walls: [], openings: [], rooms: [], wallDrawings: [], items: [] }),
      // Allowed, the save still needs the revision it is based on (If-Match): 400.
      expected: needs('Write', 400),
    },
    {
      method: 'POST',
      pattern: '/api/mydesign/:id/copy',
      path: () => '',
      prepare: on(({ design }) => `/api/mydesign/${design}/copy`),
      body: () => ({}),
      expected: needs('Read', 201),
    },
    {
      method: 'DELETE',
      pattern: '/api/mydesign/:id',
      path: () => '',
      prepare: fresh((id) => `/api/mydesign/${id}`),
      expected: needs('Admin', 200),
    },
    {
      method: 'POST',
      pattern: '/api/trash/:id/restore',
      path: () => '',
      prepare: fresh((id) => `/api/trash/${id}/restore`, true),
      expected: needs('Admin', 200),
    },
    {
      method: 'DELETE',
      pattern: '/api/trash/:id',
      path: () => '',
      prepare: fresh((id) => `/api/trash/${id}`, true),
      expected: needs('Admin', 200),
    },
    {
      method: 'POST',
      pattern: '/api/design/:id/share',
      path: () => '',
      prepare: on(({ design }) => `/api/design/${design}/share`),
      body: () => ({ email: 'matrix-share@matrix.example', permission: 'Read' }),
      expected: needs('Admin', 202),
    },
    {
      method: 'POST',
      pattern: '/api/design/:id/transfer',
      path: () => '',
      prepare: fresh((id) => `/api/design/${id}/transfer`),
      body: () => ({ ownerId: subject }),
      expected: (p) => (isAdmin(p) ? 200 : 403),
    },
    {
      method: 'POST',
      pattern: '/api/comment',
      path: () => '/api/comment',
      prepare: async () => ({ path: '/api/comment' }),
      body: () => ({ designId: 0, body: '행렬 댓글' }),
      // No design 0: a 400 for the malformed id, whoever asks.
      expected: () => 400,
    },
    {
      method: 'GET',
      pattern: '/api/comment',
      path: () => '',
      prepare: on(
        ({ design }) => `/api/comment?filter=${encodeURIComponent(JSON.stringify({ designId: design }))}`,
      ),
      expected: needs('Read', 200),
    },
    {
      method: 'GET',
      pattern: '/api/comment/:id',
      path: () => '',
      prepare: on(({ comment }) => `/api/comment/${comment}`),
      expected: needs('Read', 200),
    },
    {
      method: 'PUT',
      pattern: '/api/comment/:id',
      path: () => '',
      prepare: on(({ comment }) => `/api/comment/${comment}`),
      body: () => ({ body: '고친 댓글' }),
      expected: (p) => (isAdmin(p) ? 200 : reads(p) ? 403 : 404),
    },
    {
      method: 'DELETE',
      pattern: '/api/comment/:id',
      path: () => '',
      prepare: async () => {
        const { design } = await fixture();
        const comment = (await asAdmin('POST', '/api/comment', { designId: design, body: '지울 댓글' })).body
          .id;
        return { path: `/api/comment/${comment}` };
      },
      expected: (p) => (isAdmin(p) ? 200 : reads(p) ? 403 : 404),
    },
    {
      method: 'POST',
      pattern: '/api/designfolder',
      path: () => '/api/designfolder',
      body: (p) => ({ name: `${p.name} 폴더` }),
      expected: () => 201,
    },
    { method: 'GET', pattern: '/api/designfolder', path: () => '/api/designfolder', expected: signedIn },
    {
      method: 'GET',
      pattern: '/api/designfolder/:id',
      path: () => '',
      prepare: on(({ folder }) => `/api/designfolder/${folder}`),
      expected: (p) => (isAdmin(p) ? 200 : 404),
    },
    {
      method: 'PUT',
      pattern: '/api/designfolder/:id',
      path: () => '',
      prepare: on(({ folder }) => `/api/designfolder/${folder}`),
      body: () => ({ name: '관리자 폴더' }),
      expected: (p) => (isAdmin(p) ? 200 : 404),
    },
    {
      method: 'DELETE',
      pattern: '/api/designfolder/:id',
      path: () => '',
      prepare: async () => ({
        path: `/api/designfolder/${(await asAdmin('POST', '/api/designfolder', { name: `지울 폴더 ${++unique.count}` })).body.id}`,
      }),
      expected: (p) => (isAdmin(p) ? 200 : 404),
    },
  ];
}
