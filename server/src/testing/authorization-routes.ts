import { canAccess, dashboardRoutes, type Role } from '@interior/contracts';
import { catalogueDrawingRoutes, designRoutes, estimationRoutes } from './authorization-design-routes';
import { groupAndUserRoutes } from './authorization-group-routes';
import {
  api,
  groups,
  held,
  isAdmin,
  isBusiness,
  mailId,
  PASSWORD,
  type Persona,
  type Route,
  unique,
} from './authorization-matrix';
import { ADMIN } from './platform';

/** Every API route the authorization matrix walks, with what each persona must be answered. */
export const routes: Route[] = [
  // Settings: everyone reads the values in effect and keeps their own (catalogue issue).
  ...(['bomconstant', 'designproperty'] as const).flatMap((view): Route[] => [
    { method: 'GET', pattern: `/api/${view}`, path: () => `/api/${view}`, expected: () => 200 },
    { method: 'GET', pattern: `/api/${view}/:id`, path: () => `/api/${view}/1`, expected: () => 200 },
    {
      method: 'PUT',
      pattern: `/api/${view}/:id`,
      path: () => `/api/${view}/1`,
      body: () => ({ value: 0.07 }),
      expected: () => 200,
    },
    { method: 'DELETE', pattern: `/api/${view}/:id`, path: () => `/api/${view}/1`, expected: () => 200 },
  ]),
  // A notice that no one may see: the same 404 for everyone.
  {
    method: 'POST',
    pattern: '/api/notice/:id/view',
    path: () => '/api/notice/2000000/view',
    expected: () => 404,
  },
  // The sample catalogue: the Admin role only.
  {
    method: 'POST',
    pattern: '/api/catalogue/sample',
    path: () => '/api/catalogue/sample',
    expected: (p) => (isAdmin(p) ? 200 : 403),
  },
  // Public routes: the same public answer for everyone.
  { method: 'GET', pattern: '/api/health', path: () => '/api/health', public: true, expected: () => 200 },
  {
    method: 'POST',
    pattern: '/api/login',
    path: () => '/api/login',
    body: (p) => ({ email: `nobody-${p.name.toLowerCase()}@matrix.example`, password: 'not the password' }),
    public: true,
    expected: () => 404,
  },
  {
    method: 'POST',
    pattern: '/api/token',
    path: () => '/api/token',
    body: () => ({ token: 'not-a-refresh-token' }),
    public: true,
    expected: () => 401,
  },
  {
    method: 'POST',
    pattern: '/api/code',
    path: () => '/api/code',
    body: () => ({ mobile: `0107${String(unique.count++).padStart(7, '0')}` }),
    public: true,
    expected: () => 202,
  },
  {
    method: 'HEAD',
    pattern: '/api/code/:mobile/:code',
    path: () => '/api/code/01099998888/123456',
    public: true,
    expected: () => 404,
  },
  ...(['personal', 'business'] as const).map(
    (kind): Route => ({
      method: 'POST',
      pattern: `/api/signup/${kind}`,
      path: () => `/api/signup/${kind}`,
      body: () => ({}),
      public: true,
      expected: () => 400,
    }),
  ),
  {
    method: 'POST',
    pattern: '/api/email/verify',
    path: () => '/api/email/verify',
    body: () => ({ token: 'not-a-link-token' }),
    public: true,
    expected: () => 400,
  },
  ...(['/api/email/resend', '/api/password/forgot'] as const).map(
    (path): Route => ({
      method: 'POST',
      pattern: path,
      path: () => path,
      body: () => ({ email: `mail${unique.count++}@matrix.example` }),
      public: true,
      expected: () => 202,
    }),
  ),
  {
    method: 'POST',
    pattern: '/api/password/reset',
    path: () => '/api/password/reset',
    body: () => ({ token: 'not-a-link-token', password: 'a new password 12' }),
    public: true,
    expected: () => 400,
  },
  {
    method: 'POST',
    pattern: '/api/log',
    path: () => '/api/log',
    body: () => ({ events: [] }),
    public: true,
    expected: () => 204,
  },
  {
    method: 'GET',
    pattern: '/api/image/user/:id/:name',
    path: () => '/api/image/user/1/00000000-0000-0000-0000-000000000000.png',
    public: true,
    expected: () => 404,
  },
  // Uploads for a brand's logo need Write on brands (only the Admin here); a JSON body is no upload.
  {
    method: 'POST',
    pattern: '/api/file',
    path: () => '/api/file?resource=brand&field=logo',
    body: () => ({}),
    expected: (p) => (isAdmin(p) ? 400 : 403),
  },
  {
    method: 'GET',
    pattern: '/api/file/:name',
    path: () => '/api/file/00000000-0000-4000-8000-000000000000.png',
    public: true,
    expected: () => 404,
  },

  // Social sign-in: no provider is configured here, so the provider routes do not exist (404).
  {
    method: 'GET',
    pattern: '/api/oauth2/providers',
    path: () => '/api/oauth2/providers',
    public: true,
    expected: () => 200,
  },
  ...(['authorize', 'callback'] as const).map(
    (step): Route => ({
      method: 'GET',
      pattern: `/api/oauth2/:provider/${step}`,
      path: () => `/api/oauth2/kakao/${step}`,
      public: true,
      expected: () => 404,
    }),
  ),
  {
    method: 'POST',
    pattern: '/api/oauth2/:provider/link',
    path: () => '/api/oauth2/kakao/link',
    body: () => ({}),
    expected: () => 404,
  },
  {
    method: 'GET',
    pattern: '/api/signup/sns/:ticket',
    path: () => '/api/signup/sns/not-a-ticket-of-this-browser',
    public: true,
    expected: () => 410,
  },
  {
    method: 'POST',
    pattern: '/api/signup/sns',
    path: () => '/api/signup/sns',
    body: () => ({}),
    public: true,
    expected: () => 400,
  },
  {
    method: 'DELETE',
    pattern: '/api/user/current/sns/:id',
    path: () => '/api/user/current/sns/1',
    expected: () => 404,
  },

  // The signed-in user's own account: no grant needed.
  { method: 'GET', pattern: '/api/user/current', path: () => '/api/user/current', expected: () => 200 },
  {
    method: 'PUT',
    pattern: '/api/user/current',
    path: () => '/api/user/current',
    body: (p) => ({ name: p.name === 'Admin' ? '관리자' : '테스트 사용자' }),
    expected: () => 200,
  },
  {
    method: 'PUT',
    pattern: '/api/user/current/password',
    path: () => '/api/user/current/password',
    // A wrong current password: a real change would end every session of the persona.
    body: () => ({ currentPassword: 'not my password', newPassword: 'another password 12' }),
    expected: () => 400,
  },
  {
    method: 'POST',
    pattern: '/api/user/current/withdraw',
    path: () => '/api/user/current/withdraw',
    // A wrong password: a real 회원 탈퇴 would erase the persona.
    body: () => ({ password: 'not my password' }),
    expected: () => 400,
  },
  {
    method: 'POST',
    pattern: '/api/user/current/email',
    path: () => '/api/user/current/email',
    body: () => ({ email: 'elsewhere@matrix.example', password: 'not my password' }),
    expected: () => 400,
  },
  {
    method: 'PUT',
    pattern: '/api/user/current/marketing',
    path: () => '/api/user/current/marketing',
    body: () => ({ agreed: false }),
    expected: () => 200,
  },
  {
    method: 'PUT',
    pattern: '/api/user/current/business',
    path: () => '/api/user/current/business',
    body: () => ({
      registrationNumber: '1248100998',
      representative: '대표',
      mobile: '01012345678',
      description: '사업 소개',
    }),
    expected: (p) => (isBusiness(p) ? 200 : 403),
  },
  {
    method: 'GET',
    pattern: '/api/user/current/business',
    path: () => '/api/user/current/business',
    expected: (p) => (isBusiness(p) ? 200 : 403),
  },
  {
    method: 'POST',
    pattern: '/api/logout',
    path: () => '/api/logout',
    // Ends a session of its own, so the persona's token keeps working for the other routes.
    prepare: async (p) =>
      p.email
        ? { token: (await api().login(p.email, p.name === 'Admin' ? ADMIN.password : PASSWORD)).token }
        : {},
    expected: () => 204,
  },
  {
    method: 'POST',
    pattern: '/api/logout/all',
    path: () => '/api/logout/all',
    expected: () => 204,
    after: async (p) => {
      if (!p.email) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
      p.token = (await api().login(p.email, p.name === 'Admin' ? ADMIN.password : PASSWORD)).token;
      expect((await api().request('GET', '/api/user/current', { token: p.token })).status).toBe(200);
    },
  },
  { method: 'GET', pattern: '/api/permission/mine', path: () => '/api/permission/mine', expected: () => 200 },
  {
    method: 'GET',
    pattern: '/api/permission/mine/:type/:id',
    path: () => `/api/permission/mine/UserGroup/${groups.read}`,
    expected: () => 200,
    check: (p, response) => {
      const want = held(p, 'UserGroup', groups.read);
      return response.body.permission === want
        ? null
        : `permission ${response.body.permission}, held ${want}`;
    },
  },

  // User groups, their grants and their history.
  { method: 'GET', pattern: '/api/usergroup', path: () => '/api/usergroup', expected: () => 200 },
  // The audit log: open to everyone signed in, each seeing the events of the records they may read
  // (server/src/api/audit.test.ts holds each persona's rows to that rule).
  { method: 'GET', pattern: '/api/audit', path: () => '/api/audit', expected: () => 200 },
  {
    method: 'GET',
    pattern: '/api/audit/export',
    path: () => '/api/audit/export?format=jsonl',
    expected: () => 200,
  },
  // Read models: the platform's operators only (the route's roles), whatever the record grants.
  ...readModelRoutes(),
  ...groupAndUserRoutes(),

  // Operational resources: the Admin role only.
  {
    method: 'GET',
    pattern: '/api/mailbox',
    path: () => '/api/mailbox',
    expected: (p) => (isAdmin(p) ? 200 : 403),
  },
  {
    method: 'GET',
    pattern: '/api/mailbox/:id',
    path: () => `/api/mailbox/${mailId}`,
    expected: (p) => (isAdmin(p) ? 200 : 403),
  },
  {
    method: 'GET',
    pattern: '/api/clientlog',
    path: () => '/api/clientlog',
    expected: (p) => (isAdmin(p) ? 200 : 403),
  },

  // Subscriptions and payments: plans are public; the rest follows the routes' roles.
  ...subscriptionRoutes(),
  ...designRoutes(),
  ...catalogueDrawingRoutes(),
  ...estimationRoutes(),
];

function readModelRoutes(): Route[] {
  const operator = (p: Persona) => canAccess(dashboardRoutes['audit/readmodels'], p.roles);
  return [
    {
      method: 'GET',
      pattern: '/api/readmodel',
      path: () => '/api/readmodel',
      expected: (p) => (operator(p) ? 200 : 403),
    },
    // No rebuild is started here: a read model of no such name answers its 404 after the check.
    {
      method: 'POST',
      pattern: '/api/readmodel/:name/rebuild',
      path: () => '/api/readmodel/no-such-model/rebuild',
      expected: (p) => (operator(p) ? 404 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/readmodel/:name/rebuild',
      path: () => '/api/readmodel/usergroups/rebuild',
      expected: (p) => (operator(p) ? 200 : 403),
    },
    {
      method: 'POST',
      pattern: '/api/readmodel/:name/verify',
      path: () => '/api/readmodel/usergroups/verify',
      expected: (p) => (operator(p) ? 200 : 403),
    },
  ];
}

function subscriptionRoutes(): Route[] {
  const holds = (p: Persona, ...wanted: Role[]) => p.roles.some((r) => wanted.includes(r));
  const operator = (p: Persona) => holds(p, 'Admin', 'Developer');
  const subscriber = (p: Persona) => holds(p, 'Admin', 'Developer', 'PersonalPro', 'PersonalFree');
  return [
    {
      method: 'GET',
      pattern: '/api/subscription-plan',
      path: () => '/api/subscription-plan',
      public: true,
      expected: () => 200,
    },
    {
      method: 'GET',
      pattern: '/api/subscription-plan/:id',
      path: () => '/api/subscription-plan/1',
      public: true,
      expected: () => 200,
    },
    {
      method: 'POST',
      pattern: '/api/subscription-plan',
      path: () => '/api/subscription-plan',
      body: () => ({}),
      expected: (p) => (operator(p) ? 400 : 403),
    },
    {
      method: 'PUT',
      pattern: '/api/subscription-plan/:id',
      path: () => '/api/subscription-plan/1',
      body: () => ({}),
      expected: (p) => (operator(p) ? 200 : 403),
    },
    {
      method: 'DELETE',
      pattern: '/api/subscription-plan/:id',
      path: () => '/api/subscription-plan/999999',
      expected: (p) => (operator(p) ? 404 : 403),
    },
    {
      method: 'POST',
      pattern: '/api/subscription/checkout',
      path: () => '/api/subscription/checkout',
      body: () => ({ planId: 1, period: 'Monthly' }),
      expected: (p) => (subscriber(p) ? 200 : 409),
    },
    {
      method: 'POST',
      pattern: '/api/billing/sandbox/card',
      path: () => '/api/billing/sandbox/card',
      body: () => ({ cardNumber: '4242424242424242', customerKey: 'cus_not_mine' }),
      expected: () => 400,
    },
    {
      method: 'POST',
      pattern: '/api/subscription',
      path: () => '/api/subscription',
      body: () => ({}),
      expected: () => 400,
    },
    {
      method: 'GET',
      pattern: '/api/my-subscription',
      path: () => '/api/my-subscription',
      expected: (p) => (subscriber(p) ? 404 : 403),
    },
    // Where one stands, for the plans page: every signed-in person, on their own row (none here).
    {
      method: 'GET',
      pattern: '/api/subscription/current',
      path: () => '/api/subscription/current',
      expected: () => 404,
    },
    {
      method: 'PUT',
      pattern: '/api/subscription/current',
      path: () => '/api/subscription/current',
      body: () => ({}),
      expected: () => 400,
    },
    // The 견적서's supplier: printed on every quote, so read by all; set by the Admin alone.
    {
      method: 'GET',
      pattern: '/api/system/supplier',
      path: () => '/api/system/supplier',
      expected: () => 200,
    },
    {
      method: 'PUT',
      pattern: '/api/system/supplier',
      path: () => '/api/system/supplier',
      body: () => ({}),
      expected: (p) => (isAdmin(p) ? 400 : 403),
    },
    {
      method: 'PUT',
      pattern: '/api/my-subscription',
      path: () => '/api/my-subscription',
      body: () => ({}),
      expected: (p) => (subscriber(p) ? 404 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/my-payment',
      path: () => '/api/my-payment',
      expected: (p) => (subscriber(p) ? 200 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/my-payment/:id',
      path: () => '/api/my-payment/999999',
      expected: (p) => (subscriber(p) ? 404 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/subscription/order',
      path: () => '/api/subscription/order',
      expected: (p) => (operator(p) ? 200 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/subscription/payment',
      path: () => '/api/subscription/payment',
      expected: (p) => (operator(p) ? 200 : 403),
    },
    {
      method: 'GET',
      pattern: '/api/subscription/payment/:id',
      path: () => '/api/subscription/payment/999999',
      expected: (p) => (operator(p) ? 404 : 403),
    },
    {
      method: 'POST',
      pattern: '/api/subscription/payment/:id/refund',
      path: () => '/api/subscription/payment/999999/refund',
      body: () => ({ reason: '환불 사유' }),
      expected: (p) => (operator(p) ? 404 : 403),
    },
    {
      method: 'POST',
      pattern: '/api/billing/run',
      path: () => '/api/billing/run',
      body: () => ({}),
      expected: (p) => (isAdmin(p) ? 200 : 403),
    },
    {
      method: 'POST',
      pattern: '/api/payment/webhook',
      path: () => '/api/payment/webhook',
      body: () => ({}),
      public: true,
      expected: () => 200,
    },
  ];
}
