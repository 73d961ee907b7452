import { isUtf8 } from 'node:buffer';
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
import { tableDigests } from '@interior/platform/testing';
import fc from 'fast-check';
import { z } from 'zod';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { type RegisteredRoute, registeredRoutes } from '../testing/routes';

/**
 * Generative fuzzing of every route the server registers: requests
 * built from each route's own input schema (zod, read as JSON Schema) and from values an attacker
 * tries (keys every object inherits, JSON nested thousands deep, numbers beyond every range, NUL,
 * lone surrogates, bytes that are no UTF-8, wrong content types, malformed paths and query
 * parameters), sent anonymously, as an ordinary user and as an Admin. Whatever comes in, the
 * answer is never a 5xx; a refused request (4xx) answers `{status, message}` and changes nothing
 * (the log's head and every row of every table stay as they were).
 *
 * The number of random runs per route is bounded (FUZZ_RUNS, 3 by default, besides the probes) so that the file stays well
 * within a minute; a failure prints fast-check's seed and path, with which it replays exactly.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);

/** Each route's body schema, where it has one; the keys are checked against the routes registered. */
const bodySchemas: Record<string, z.ZodType> = {
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
const withoutContractSchema: Record<string, string> = {
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
const emailBodyRoutes = /^POST \/api\/(email|password)\/[a-z]+$/;

// ---------------------------------------------------------------------------------------------
// Values an attacker tries

const prototypeKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
];
const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '😀',
  '한글',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%00',
  '../../etc/passwd',
  '9'.repeat(40),
  'x'.repeat(5000),
  '1e400',
  'NaN',
  '-0',
  ...prototypeKeys,
);
const hostileNumbers = fc.constantFrom(
  0,
  -1,
  -0,
  0.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
);
/**
 * Stands for JSON nested `depth` deep inside a generated value: no JSON.stringify can write that
 * (it overflows the stack), so the request's text gets it in place of the marker (`jsonText`).
 */
const deepMarker = (depth: number) => `\u0001deep:${depth}\u0001`;
function jsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/"\\u0001deep:(\d+)\\u0001"/g, (_, depth) => {
    const n = Number(depth);
    return `${'{"a":['.repeat(n)}1${']}'.repeat(n)}`;
  });
}

/** JSON values that are each hostile somewhere. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(30, 2500, 5000).map(deepMarker),
  hostileStrings,
  hostileNumbers,
  fc.constantFrom(null, true, false, [], {}),
  fc.constantFrom(...prototypeKeys).map((key) => JSON.parse(`{"${key}":1}`)),
  fc.constantFrom(...prototypeKeys).map((key) => JSON.parse(`{"${key}":{"${key}":{"polluted":true}}}`)),
  fc.array(hostileNumbers, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);
/** JSON text no JSON.stringify would write: deep nesting, numbers beyond doubles, escapes. */
const hostileJsonText = fc.oneof(
  fc.constantFrom(64, 65, 200, 5000, 20_000).map((depth) => `${'['.repeat(depth)}1${']'.repeat(depth)}`),
  fc.constantFrom(100, 5000).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.constantFrom(
    '1e400',
    '-1e400',
    '123456789012345678901234567890',
    '{"id":1e400}',
    '{"a":"\\u0000"}',
    '{"a":"\\ud800"}',
    '{"\\u0000":1}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"a":1,"a":2}',
    '{"a":1',
    '[',
    '"',
    'null',
    'true',
    '0',
    '""',
    '\ufeff{}',
    '{}garbage',
  ),
);
/** Bytes that are no UTF-8, and bytes that are UTF-8 of text nobody stores. */
const hostileBytes = fc.oneof(
  fc.constantFrom(
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d]),
    Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
    Buffer.from([0xed, 0xa0, 0x80]),
    Buffer.from([0xc0, 0xaf]),
    Buffer.from([0x00, 0x00, 0x00]),
  ),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
);

// ---------------------------------------------------------------------------------------------
// Values a route's own schema describes

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  format?: string;
}

/**
 * Values a JSON Schema (as zod writes one, `z.toJSONSchema`) describes. What zod checks beyond
 * JSON Schema (refinements) is left to chance: those values are refused with a 400, which the
 * fuzzing wants too.
 */
function fromSchema(schema: JsonSchema, key?: string, complete = false): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(s, key, complete)));
  switch (schema.type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }));
      return fc.record(
        Object.fromEntries(properties.map(([name, s]) => [name, fromSchema(s, name, complete)])),
        {
          requiredKeys: complete
            ? properties.map(([name]) => name)
            : (schema.required ?? []).filter((name) => properties.some(([p]) => p === name)),
        },
      );
    }
    case 'array':
      return fc.array(
        schema.items ? fromSchema(schema.items, undefined, complete) : fc.jsonValue({ maxDepth: 1 }),
        {
          minLength: Math.min(schema.minItems ?? (complete ? 1 : 0), 3),
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        },
      );
    case 'string': {
      if (schema.format === 'date-time') {
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      }
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      if (key === 'email') return fc.emailAddress();
      const maxLength = Math.min(schema.maxLength ?? 30, 60);
      return fc.string({
        minLength: Math.min(schema.minLength ?? 0, maxLength),
        maxLength,
        unit: 'grapheme',
      });
    }
    case 'integer':
      return fc.integer({
        min:
          schema.minimum ??
          (schema.exclusiveMinimum === undefined ? -(2 ** 31) : schema.exclusiveMinimum + 1),
        max: schema.maximum ?? 2 ** 31 - 1,
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of the schema, sometimes with one field (at any depth) replaced by a hostile value. */
function bodyFromSchema(schema: z.ZodType): fc.Arbitrary<unknown> {
  const valid = fromSchema(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, hostileValue, fc.nat(), fc.constantFrom(...prototypeKeys, 'extra'))
        .map(([value, hostile, pick, stray]) => mutate(value, hostile, pick, stray)),
    },
  );
}

/** Replaces one field (chosen by `pick`) with `hostile`, or adds it under `stray`. */
function mutate(value: unknown, hostile: unknown, pick: number, stray: string): unknown {
  if (Array.isArray(value)) {
    if (value.length === 0) return [hostile];
    const copy = [...value];
    const i = pick % copy.length;
    copy[i] = pick % 2 ? hostile : mutate(copy[i], hostile, Math.floor(pick / 2), stray);
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    const entries = Object.entries(value);
    if (keys.length === 0 || pick % 5 === 0) return Object.fromEntries([...entries, [stray, hostile]]);
    const key = keys[pick % keys.length]!;
    const inner = (value as Record<string, unknown>)[key];
    const replaced = pick % 3 === 0 ? mutate(inner, hostile, Math.floor(pick / 3), stray) : hostile;
    return Object.fromEntries(entries.map(([k, v]) => [k, k === key ? replaced : v]));
  }
  return hostile;
}

// ---------------------------------------------------------------------------------------------
// Requests

interface FuzzRequest {
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

function requests(route: RegisteredRoute, ids: () => fc.Arbitrary<number>): fc.Arbitrary<FuzzRequest> {
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
function probes(route: RegisteredRoute, ids: { user: number; group: number }): FuzzRequest[] {
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

// ---------------------------------------------------------------------------------------------
// The platform, its callers, and what "nothing changed" means

let platform: TestPlatform;
interface Caller {
  name: string;
  token: string | null;
  userId: number | null;
  /** Signs in again (or, when the account is gone, as someone new of the same kind). */
  renew(): Promise<void>;
}
const callers: Caller[] = [];
/** Ids the fuzzing may not name in a path: its own callers (erased or locked out, they stop calling). */
const callerIds = new Set<number>([1]);
let victims: { user: number; group: number };
let serial = 0;

async function ordinaryUser(): Promise<{ token: string; userId: number }> {
  const email = `fuzz-${++serial}-${Date.now()}@test.example`;
  const userId = await platform.createUser({ email, password: 'fuzz password 1', roles: ['PersonalFree'] });
  callerIds.add(userId);
  return { token: (await platform.api.login(email, 'fuzz password 1')).token, userId };
}

beforeAll(async () => {
  platform = await startTestPlatform();
  const adminSession = await platform.api.login(ADMIN.email, ADMIN.password);
  const admin: Caller = {
    name: 'Admin',
    token: adminSession.token,
    userId: adminSession.user.id,
    async renew() {
      admin.token = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
    },
  };
  const first = await ordinaryUser();
  const user: Caller = {
    name: 'PersonalFree',
    ...first,
    async renew() {
      Object.assign(user, await ordinaryUser());
    },
  };
  callers.push({ name: 'anonymous', token: null, userId: null, async renew() {} }, user, admin);
  const group = await platform.api.request('POST', '/api/usergroup', {
    token: admin.token!,
    body: { name: '퍼징 대상', description: '퍼징' },
  });
  victims = {
    user: await platform.createUser({ email: 'fuzz-victim@test.example', password: 'fuzz password 1' }),
    group: group.body.id,
  };
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

/**
 * Left out of the digests: how far each projection, reactor and relay has read the log (they move
 * on their own, as the loops catch up, whatever a request answered), and the log itself, which is
 * only ever appended to, so its head says whether it changed.
 */
const notDigested = [
  'public.projection_generations',
  'public.reactor_checkpoints',
  'public.relay_checkpoints',
  'public.events',
];
/** The state a refused request must leave as it was: the log's head and every stored row. */
async function snapshot() {
  const { runtime } = platform.server;
  const tables = await tableDigests(runtime.db.knex);
  for (const table of notDigested) delete tables[table];
  return { head: await runtime.store.headPosition(), tables };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;
/** What differs between two snapshots: the log's head and the tables whose rows changed. */
function changes(before: Snapshot, after: Snapshot): string[] {
  const tables = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  return [
    ...(before.head === after.head ? [] : [`log head ${before.head} → ${after.head}`]),
    ...[...tables].filter((table) => before.tables[table] !== after.tables[table]),
  ];
}
/** The state once work started by an earlier answer (mails sent in the background) has settled. */
async function settledSnapshot() {
  let before = await snapshot();
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 15));
    const now = await snapshot();
    if (changes(before, now).length === 0) return now;
    before = now;
  }
  return before;
}

async function send(caller: Caller, request: FuzzRequest) {
  const headers: Record<string, string> = {};
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  if (request.contentType) headers['content-type'] = request.contentType;
  const response = await fetch(`${platform.url}${request.path}`, {
    method: request.method,
    headers,
    body: request.body,
  });
  const text = await response.text();
  return { status: response.status, text };
}

const describeRequest = (r: FuzzRequest) =>
  `${r.method} ${r.path.slice(0, 300)} [${r.contentType ?? 'no content-type'}] ${r.body ? r.body.subarray(0, 300).toString('utf8') : ''}`;

/** Fuzzes every registered route as one caller; answers the failures, none expected. */
async function fuzzAs(caller: Caller): Promise<string[]> {
  const routes = registeredRoutes(platform.server.app);
  const failures: string[] = [];
  let settle = true;
  const ids = () =>
    fc
      .oneof(
        fc.constantFrom(victims.user, victims.group, 0, 2, 3, 2_147_483_647),
        fc.integer({ min: -5, max: 3_000_000_000 }),
      )
      .filter((id) => !callerIds.has(id));
  for (const route of routes) {
    const examples = probes(route, victims);
    // Without a token, a route that is not public answers 401 before it reads anything.
    if (
      !caller.token &&
      (await send(caller, examples[0] ?? { method: route.method, path: route.path })).status === 401
    ) {
      continue;
    }
    const details = await fc.check(
      fc.asyncProperty(requests(route, ids), async (request) => {
        const before = settle ? await settledSnapshot() : await snapshot();
        const response = await send(caller, request);
        settle = response.status < 400;
        if (response.status >= 500)
          throw new Error(`answered ${response.status}: ${response.text.slice(0, 200)}`);
        if (
          response.status < 400 &&
          request.body &&
          request.contentType?.startsWith('application/json') &&
          !isUtf8(request.body)
        ) {
          throw new Error(`accepted JSON that is no UTF-8 with ${response.status}`);
        }
        if (response.status >= 400) {
          const changed = changes(before, await snapshot());
          if (changed.length > 0) {
            throw new Error(`refused with ${response.status} but changed ${changed.join(', ')}`);
          }
          if (request.method !== 'HEAD') {
            const body = JSON.parse(response.text) as { status?: unknown; message?: unknown };
            if (body.status !== response.status || typeof body.message !== 'string' || !body.message) {
              throw new Error(`refused without {status, message}: ${response.text.slice(0, 200)}`);
            }
          }
        }
        // A caller whose session a request ended (sign-out) or whose account it removed signs in anew.
        if (response.status === 401 && caller.token) {
          const me = await platform.api.request('GET', '/api/user/current', { token: caller.token });
          if (me.status === 401) await caller.renew();
        }
      }),
      { numRuns: RUNS, endOnFailure: true, examples: examples.map((example) => [example]) },
    );
    if (details.failed) {
      const request = details.counterexample?.[0];
      failures.push(
        `${caller.name}: ${route.method} ${route.path}: ${String((details.errorInstance as Error)?.message ?? details.errorInstance)}` +
          (request ? `\n    request: ${describeRequest(request)}` : '') +
          `\n    replay: { seed: ${details.seed}, path: "${details.counterexample ? details.counterexamplePath : ''}" }`,
      );
    }
  }
  return failures;
}

describe('fuzzing every route', () => {
  it('finds the routes and knows each schema it uses by a registered route', () => {
    const registered = new Set(registeredRoutes(platform.server.app).map((r) => `${r.method} ${r.path}`));
    expect(registered.size).toBeGreaterThan(30);
    expect(Object.keys(bodySchemas).filter((key) => !registered.has(key))).toEqual([]);
    expect(Object.keys(withoutContractSchema).filter((key) => !registered.has(key))).toEqual([]);
    // Every write is either fuzzed from its schema or named with the reason it has none.
    expect(
      [...registered].filter(
        (key) =>
          /^(POST|PUT|PATCH) /.test(key) &&
          !bodySchemas[key] &&
          !emailBodyRoutes.test(key) &&
          !Object.hasOwn(withoutContractSchema, key),
      ),
    ).toEqual([]);
  });

  it.each(['anonymous', 'PersonalFree', 'Admin'])(
    'answers no 5xx and changes nothing it refuses, as %s',
    async (name) => {
      const caller = callers.find((c) => c.name === name)!;
      expect(await fuzzAs(caller)).toEqual([]);
    },
    // As the Admin most writes built from their schemas succeed (designs, documents, billing runs):
    // about a minute and a half on a quiet machine.
    360_000,
  );
});
