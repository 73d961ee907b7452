import {
  AcceptEstimationSchema,
  AceListSchema,
  AssignEstimationSchema,
  BillingRunSchema,
  BusinessInputSchema,
  BusinessSignupSchema,
  CardSchema,
  CheckoutSchema,
  ClientLogUploadSchema,
  CloseAccountSchema,
  CopyDesignSchema,
  CreateCommentSchema,
  CreateDesignSchema,
  CreateFolderSchema,
  createInputSchema,
  designDocumentSchema,
  EditCommentSchema,
  EmailBodySchema,
  EmailChangeSchema,
  GroupMemberSchema,
  IdentityListSchema,
  LoginRequestSchema,
  MarketingConsentSchema,
  MobileCodeRequestSchema,
  MySubscriptionUpdateSchema,
  OverrideInputSchema,
  objectTypes,
  PasswordChangeSchema,
  PasswordResetSchema,
  PersonalSignupSchema,
  ProfileUpdateSchema,
  PutDraftSchema,
  RefundSchema,
  RejectEstimationSchema,
  RequestEstimationSchema,
  resources,
  ShareDesignSchema,
  SnsSignupSchema,
  SubscribeSchema,
  SubscriptionPlanInputSchema,
  SubscriptionPlanUpdateSchema,
  SupplierInputSchema,
  TokenBodySchema,
  TransferDesignSchema,
  UpdateDesignSchema,
  UpdateFolderSchema,
  UserAdminCreateSchema,
  UserAdminUpdateSchema,
  updateInputSchema,
} from '@interior/contracts';
import fc from 'fast-check';
import { z } from 'zod';
import {
  bodyFromSchema,
  deepMarker,
  fromSchema,
  hostileBytes,
  hostileJsonText,
  hostileNumbers,
  hostileStrings,
  hostileValue,
  type JsonSchema,
  jsonText,
  prototypeKeys,
} from './fuzz-values';
import type { RegisteredRoute } from './routes';

/**
 * The route fuzzing's requests (api/fuzz.test.ts): bodies by route, paths, queries, content types,
 * and the probes every route gets.
 */

/** Each route's body schema, where it has one; the keys are checked against the routes registered. */
export const bodySchemas: Record<string, z.ZodType> = {
  'POST /api/log': ClientLogUploadSchema,
  'POST /api/login': LoginRequestSchema,
  'POST /api/token': TokenBodySchema,
  'POST /api/email/verify': TokenBodySchema,
  'POST /api/password/reset': PasswordResetSchema,
  'POST /api/code': MobileCodeRequestSchema,
  'POST /api/signup/personal': PersonalSignupSchema,
  'POST /api/signup/business': BusinessSignupSchema,
  'POST /api/user': UserAdminCreateSchema,
  'PUT /api/user/:id': UserAdminUpdateSchema,
  'PUT /api/user/current': ProfileUpdateSchema,
  'PUT /api/user/current/password': PasswordChangeSchema,
  'PUT /api/user/current/marketing': MarketingConsentSchema,
  'PUT /api/user/current/business': BusinessInputSchema,
  'PUT /api/system/supplier': SupplierInputSchema,
  // Every declared resource's writes, from its own declaration.
  ...Object.fromEntries(
    resources.flatMap((r) => [
      [`POST /api/${r.name}`, createInputSchema(r)],
      [`PUT /api/${r.name}/:id`, updateInputSchema(r)],
    ]),
  ),
  'PUT /api/acl/:type': AceListSchema,
  'PUT /api/acl/:type/:id': AceListSchema,
  'POST /api/identity/target': IdentityListSchema,
  'POST /api/usergroup/:id/members': GroupMemberSchema,
  'POST /api/user/current/withdraw': CloseAccountSchema,
  'POST /api/user/current/email': EmailChangeSchema,
  'POST /api/signup/sns': SnsSignupSchema,
  'PUT /api/bomconstant/:id': OverrideInputSchema,
  'PUT /api/designproperty/:id': OverrideInputSchema,
  // Designs
  'POST /api/mydesign': CreateDesignSchema,
  'PUT /api/mydesign/:id': UpdateDesignSchema,
  'POST /api/mydesign/:id/copy': CopyDesignSchema,
  'POST /api/design/:id/share': ShareDesignSchema,
  'POST /api/design/:id/transfer': TransferDesignSchema,
  'PUT /api/design/:id/document': designDocumentSchema,
  'POST /api/comment': CreateCommentSchema,
  'PUT /api/comment/:id': EditCommentSchema,
  'POST /api/designfolder': CreateFolderSchema,
  'PUT /api/designfolder/:id': UpdateFolderSchema,
  // Estimations
  'POST /api/design/:id/estimation': RequestEstimationSchema,
  'POST /api/estimation/:id/assign': AssignEstimationSchema,
  'PUT /api/estimation/:id/draft': PutDraftSchema,
  'POST /api/estimation/:id/accept': AcceptEstimationSchema,
  'POST /api/estimation/:id/reject': RejectEstimationSchema,
  // Subscriptions
  'POST /api/subscription-plan': SubscriptionPlanInputSchema,
  'PUT /api/subscription-plan/:id': SubscriptionPlanUpdateSchema,
  'POST /api/subscription/checkout': CheckoutSchema,
  'POST /api/subscription': SubscribeSchema,
  'PUT /api/my-subscription': MySubscriptionUpdateSchema,
  'PUT /api/subscription/current': CheckoutSchema,
  'POST /api/subscription/payment/:id/refund': RefundSchema,
  'POST /api/billing/run': BillingRunSchema,
  'POST /api/billing/sandbox/card': CardSchema,
};

/**
 * Writes whose body has no schema in contracts, each with why: they are fuzzed with hostile JSON
 * all the same. A new write route must be named here or above (the first test fails otherwise).
 */
export const withoutContractSchema: Record<string, string> = {
  'POST /api/logout': 'no body',
  'POST /api/logout/all': 'no body',
  'POST /api/trash/:id/restore': 'no body',
  'POST /api/catalogue/sample': 'no body',
  'POST /api/notice/:id/view': 'no body',
  'POST /api/estimation/:id/draft': 'no body',
  'POST /api/estimation/:id/quote': 'no body',
  'POST /api/estimation/:id/complete': 'no body',
  'POST /api/estimation/:id/cancel': 'an optional reason, checked in the route',
  'POST /api/estimation/expire': 'an optional date, checked in the route',
  'POST /api/design/:id/estimate-preview': 'an optional document, checked as PUT document checks it',
  'POST /api/product/import': 'CSV text, checked in the route',
  'POST /api/material/import': 'CSV text, checked in the route',
  'POST /api/oauth2/:provider/link': 'a ticket, checked in the route',
  'POST /api/payment/webhook': "the provider's notice, re-fetched from the provider",
  'POST /api/file': 'multipart form data',
  'POST /api/readmodel/:name/rebuild': 'no body',
  'POST /api/readmodel/:name/verify': 'no body',
};
/** Routes whose body is an e-mail address alone (verification resend, password recovery). */
export const emailBodyRoutes = /^POST \/api\/(email|password)\/[a-z]+$/;

// ---------------------------------------------------------------------------------------------
// Requests

export interface FuzzRequest {
  method: string;
  path: string;
  contentType?: string;
  body?: Buffer;
}

const contentTypes = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=fuzz',
      'multipart/form-data',
      'application/octet-stream',
      'application/JSON',
      'application/merge-patch+json',
      undefined,
    ),
  },
);

const multipartBody = fc
  .tuple(
    fc.constantFrom('name', 'mobile', 'attachmentChanged', 'filesSize', ...prototypeKeys),
    hostileStrings,
  )
  .map(
    ([field, value]) =>
      `--fuzz\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n--fuzz\r\n` +
      'Content-Disposition: form-data; name="attachment0"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n' +
      `\x89PNG\r\n--fuzz--\r\n`,
  );

function schemaOf(route: RegisteredRoute): z.ZodType | undefined {
  const key = `${route.method} ${route.path}`;
  return bodySchemas[key] ?? (emailBodyRoutes.test(key) ? EmailBodySchema : undefined);
}

function bodies(route: RegisteredRoute): fc.Arbitrary<{ contentType?: string; body?: Buffer }> {
  const schema = schemaOf(route);
  const json = schema ? bodyFromSchema(schema) : hostileValue;
  const text = (arbitrary: fc.Arbitrary<string>) => arbitrary.map((t) => Buffer.from(t, 'utf8'));
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        contentType: contentTypes,
        body: text(json.map(jsonText)),
      }),
    },
    { weight: 2, arbitrary: fc.record({ contentType: contentTypes, body: text(hostileJsonText) }) },
    { weight: 1, arbitrary: fc.record({ contentType: contentTypes, body: hostileBytes }) },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: fc.constant('multipart/form-data; boundary=fuzz'),
        body: text(multipartBody),
      }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/**
 * encodeURIComponent, also for text that is no Unicode (a lone surrogate, which it refuses): that
 * goes as the bytes a careless client sends for it (WTF-8), which are no UTF-8.
 */
function encode(text: string): string {
  let encoded = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else {
      encoded += unit >= 0xd800 && unit <= 0xdfff ? wtf8(unit) : encodeURIComponent(text[i]!);
    }
  }
  return encoded;
}
function wtf8(unit: number): string {
  const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
  return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
}

/** A path parameter as it goes into the URL (already encoded, or deliberately not). */
function paramValue(name: string, ids: () => fc.Arbitrary<number>): fc.Arbitrary<string> {
  const typed =
    name === 'type'
      ? fc.constantFrom<string>(...objectTypes, 'usergroup', 'Acl', 'constructor', '__proto__')
      : name === 'id'
        ? ids().map(String)
        : fc.oneof(fc.string({ maxLength: 20 }), fc.stringMatching(/^\d{9,12}$/));
  return fc.oneof(
    { weight: 5, arbitrary: typed.map(encode) },
    { weight: 2, arbitrary: hostileStrings.map(encode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%ED%A0%80',
        '%C3%28',
        '%FF',
        '%',
        '%00',
        '..%2F..',
        '9'.repeat(250),
        '-1',
        '0x10',
        '1.5',
        '1e3',
      ),
    },
  );
}

/** simple-rest list parameters, well- and ill-formed. */
const listQuery = fc
  .record(
    {
      sort: fc.oneof(
        fc
          .tuple(
            fc.oneof(fc.constantFrom('id', 'name', 'registered'), hostileStrings),
            fc.constantFrom('ASC', 'DESC', 'x'),
          )
          .map((s) => JSON.stringify(s)),
        hostileJsonText,
      ),
      range: fc.oneof(
        fc.tuple(hostileNumbers, hostileNumbers).map((r) => JSON.stringify(r)),
        hostileJsonText,
      ),
      filter: fc.oneof(
        fc
          .dictionary(
            fc.oneof(
              fc.constantFrom(
                'id',
                'q',
                'name',
                'members_gte',
                'registered_lt',
                'groups',
                'roles',
                ...prototypeKeys,
              ),
              fc.string({ maxLength: 10 }),
            ),
            hostileValue,
            { maxKeys: 3 },
          )
          .map(jsonText),
        hostileJsonText,
      ),
      ids: fc.oneof(hostileNumbers.map(String), hostileStrings),
    },
    { requiredKeys: [] },
  )
  .map((params) =>
    Object.entries(params)
      .map(([k, v]) => `${k}=${encode(v as string)}`)
      .join('&'),
  );
const rawQuery = fc.oneof(
  listQuery,
  fc.constantFrom(
    'filter=%C3%28',
    'q=%00',
    'keyword=%ED%A0%80',
    'filter={',
    'a=1&a=2&a=3',
    '__proto__[x]=1',
    'constructor=1',
    `keyword=${'x'.repeat(2000)}`,
  ),
);

export function requests(route: RegisteredRoute, ids: () => fc.Arbitrary<number>): fc.Arbitrary<FuzzRequest> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = fc.tuple(...names.map((name) => paramValue(name, ids)));
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const payload: fc.Arbitrary<{ contentType?: string; body?: Buffer }> = hasBody
    ? bodies(route)
    : fc.constant({});
  const query = route.method === 'GET' ? fc.option(rawQuery, { nil: undefined }) : fc.constant(undefined);
  return fc.tuple(params, payload, query).map(([values, { contentType, body }, search]) => {
    let i = 0;
    const path = route.path.replace(/:(\w+)/g, () => values[i++]!);
    return { method: route.method, path: search ? `${path}?${search}` : path, contentType, body };
  });
}

/**
 * Requests every route gets besides the random ones, one per class of finding, so that a class
 * reintroduced anywhere fails on the first run: keys every object inherits in a path and in a list
 * filter, JSON nested thousands deep in each object of a well-formed body and in query parameters,
 * and a well-formed body whose first text is bytes that are no UTF-8.
 */
export function probes(route: RegisteredRoute, ids: { user: number; group: number }): FuzzRequest[] {
  const { method } = route;
  const fill = (value: (name: string) => string) =>
    route.path.replace(/:(\w+)/g, (_, name: string) => value(name));
  const plain = fill((name) =>
    name === 'type'
      ? 'UserGroup'
      : name === 'id'
        ? String(route.path.startsWith('/api/user') ? ids.user : ids.group)
        : 'x',
  );
  const found: FuzzRequest[] = [];
  if (route.path.includes(':')) {
    found.push({ method, path: fill((name) => (name === 'type' ? 'constructor' : '__proto__')) });
    found.push({ method, path: fill(() => '%ED%A0%80') });
  }
  if (method === 'GET') {
    found.push({
      method,
      path: `${plain}?filter=${encode('{"constructor":1,"toString":1,"valueOf_gte":1}')}`,
    });
    found.push({ method, path: `${plain}?filter=${encode('{"__proto__":{"id":1}}')}&keyword=constructor` });
    const deep = encode(`${'['.repeat(2500)}${']'.repeat(2500)}`);
    const deepFilter = encode(jsonText({ id: deepMarker(700) }));
    found.push({ method, path: `${plain}?sort=${deep}&range=${deep}&filter=${deepFilter}` });
  } else if (method !== 'HEAD') {
    const schema = schemaOf(route);
    const sample = schema
      ? fc.sample(
          fromSchema(
            z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
            undefined,
            true,
          ),
          { numRuns: 1, seed: 7 },
        )[0]
      : { name: 'x' };
    const json = (body: Buffer): FuzzRequest => ({
      method,
      path: plain,
      contentType: 'application/json',
      body,
    });
    found.push(json(Buffer.from(jsonText(deepen(sample)))));
    const [marked] = replaceFirstString(sample, BAD_UTF8_MARK);
    const [before = '', after = ''] = jsonText(marked).split(JSON.stringify(BAD_UTF8_MARK).slice(1, -1));
    found.push(json(Buffer.concat([Buffer.from(before), INVALID_UTF8, Buffer.from(after)])));
  }
  return found;
}

const INVALID_UTF8 = Buffer.from([0xc3, 0x28, 0xff, 0xfe]);
const BAD_UTF8_MARK = '\u0002bad-utf8\u0002';

/** Every object of the value gets a member nested 2,500 levels deep. */
function deepen(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deepen);
  if (value === null || typeof value !== 'object') return value;
  return {
    ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepen(v)])),
    x: deepMarker(2500),
  };
}

/** The value with its first text replaced (or, without any text, a member `x` added holding it). */
function replaceFirstString(value: unknown, replacement: string, top = true): [unknown, boolean] {
  if (typeof value === 'string') return [replacement, true];
  if (value === null || typeof value !== 'object') return top ? [{ x: replacement }, true] : [value, false];
  const entries: [string, unknown][] = Object.entries(value);
  let done = false;
  const changed = entries.map(([k, v]): [string, unknown] => {
    if (done) return [k, v];
    const [next, replaced] = replaceFirstString(v, replacement, false);
    done = replaced;
    return [k, next];
  });
  const rebuilt = Array.isArray(value) ? changed.map(([, v]) => v) : Object.fromEntries(changed);
  if (done || !top) return [rebuilt, done];
  return [Array.isArray(rebuilt) ? [...rebuilt, replacement] : { ...rebuilt, x: replacement }, true];
}
