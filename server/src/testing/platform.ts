import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type NewUser, registerUser } from '@interior/command-service';
import { hashPassword, loadConfig } from '@interior/platform';
import { openTestDatabase } from '@interior/platform/testing';
import { type PlatformServer, startPlatform } from '../platform-server';

/**
 * The whole platform on a free port for API and browser tests: on a fresh database of the server
 * named by TEST_DATABASE_URL, or on the embedded PGlite in a temporary DATA_DIR.
 */
export const ADMIN = { email: 'admin@test.example', password: 'test-admin-password-1' };

/**
 * Every request of a test comes from 127.0.0.1, so limits per client address are raised; limits
 * per account, number and address stay as in production and are tested as such.
 */
const generous = { points: 100_000, duration: 60 };
const perAddressLimitsForTests = {
  loginPerIp: generous,
  codePerIpDay: generous,
  codeCheckPerIp: generous,
  signupPerIp: generous,
  mailPerIp: generous,
  // One Admin uploads the files of every resource's samples (server/src/api/files.test.ts checks the limit).
  uploadPerUser: generous,
};

export interface TestPlatform {
  server: PlatformServer;
  url: string;
  api: ApiClient;
  /** Text messages the platform sent, through a real HTTP gateway (SMS_URL) run by the test. */
  sms: SmsGateway;
  /**
   * The newest mail to an address in the outbox (the local mailbox without SMTP_URL), once the
   * sender has handed it on: a row is written pending with the event and delivered a moment later,
   * and a test reads what the person would receive, not the row mid-way.
   */
  mailTo(
    email: string,
    options?: { subject?: RegExp; waitMs?: number },
  ): Promise<{ subject: string; text: string; status: string } | null>;
  /** Creates a user straight through the command side (sign-up comes with the accounts issue). */
  createUser(user: Partial<NewUser> & { email: string; password: string }): Promise<number>;
  /** Stops the process and starts it again on the same data (as after a restart). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * How long a suite's start may take when it runs the embedded database: PGlite runs PostgreSQL
 * compiled to WebAssembly on one thread, and its start with every migration took over a minute and
 * a half on a 2-core machine under a full test run, past Jest's usual limit for a hook.
 */
export const EMBEDDED_START_TIMEOUT_MS = 360_000;

export async function startTestPlatform(
  /** `embedded`: always the embedded PGlite, even when TEST_DATABASE_URL is set. */
  options: {
    uiDir?: string | null;
    env?: Record<string, string>;
    embedded?: boolean;
    /** Limits that differ from the test defaults (a test of a limit per address sets it low). */
    rateLimits?: Parameters<typeof startPlatform>[1]['rateLimits'];
  } = {},
) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'interior-test-'));
  const sms = await SmsGateway.start();
  const database =
    process.env.TEST_DATABASE_URL && !options.embedded
      ? await openTestDatabase({ embedded: false, poolSize: 1 })
      : null;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    SMS_URL: sms.url,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...options.env,
  });
  const start = () =>
    startPlatform(config, {
      uiDir: options.uiDir ?? null,
      announce: () => {},
      rateLimits: { ...perAddressLimitsForTests, ...options.rateLimits },
      // Test files run at once against one Redis; their users' ids repeat.
      rateLimitNamespace: path.basename(dataDir),
    });
  const server = await start();
  const platform: TestPlatform = {
    server,
    url: server.url,
    api: new ApiClient(server.url),
    sms,
    async mailTo(email, options = {}) {
      const deadline = Date.now() + (options.waitMs ?? 10_000);
      for (;;) {
        const mails = await platform.server.runtime.db
          .knex('mail_outbox')
          .where({ to: email })
          .orderBy('id', 'desc')
          .select('subject', 'text', 'status');
        const mail = mails.find((m) => !options.subject || options.subject.test(m.subject));
        const handedOn = mail && mail.status !== 'pending' && mail.status !== 'sending';
        if (handedOn || Date.now() > deadline) return mail ?? null;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async restart() {
      await platform.server.close();
      platform.server = await start();
      platform.url = platform.server.url;
      platform.api = new ApiClient(platform.url);
    },
    async createUser(user) {
      const { runtime } = platform.server;
      const { id, handled } = await registerUser(
        { knex: runtime.db.knex, store: runtime.store, vault: runtime.vault, lookupKeys: runtime.lookupKeys },
        {
          name: user.name ?? '테스트 사용자',
          roles: user.roles ?? ['PersonalFree'],
          status: user.status ?? 'Active',
          accountType: user.accountType ?? 'Personal',
          marketingAgreed: user.marketingAgreed ?? false,
          email: user.email,
          mobile: user.mobile ?? null,
          passwordHash: await hashPassword(user.password),
        },
        { actorId: null, correlationId: 'test', now: new Date() },
      );
      // Signed-in requests read the user from the read models: wait for them to show it.
      await runtime.waiter.waitFor(
        handled.position!,
        handled.events.map((e) => e.type),
        30_000,
      );
      return id;
    },
    async stop() {
      await platform.server.close();
      await sms.stop();
      await database?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return platform;
}

/**
 * Tests read answers field by field and compare them with toEqual, so bodies are `any` here
 * rather than each test restating the API's types.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
type Body = any;

/** A stand-in SMS gateway: accepts `POST {to, text}` as the platform's SMS_URL contract says. */
export class SmsGateway {
  readonly messages: { to: string; text: string }[] = [];
  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(): Promise<SmsGateway> {
    let gateway!: SmsGateway;
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        gateway.messages.push(JSON.parse(body));
        response.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    gateway = new SmsGateway(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`);
    return gateway;
  }

  /** The six-digit code in the newest message to a number. */
  lastCodeFor(mobile: string): string {
    const message = this.messages.filter((m) => m.to === mobile).at(-1);
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code was sent to ${mobile}`);
    return code;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The one-time token in a mailed link. */
export function tokenInMail(mail: { text: string } | null): string {
  const match = mail?.text.match(/[?&]token=([^\s&]+)/);
  if (!match) throw new Error('no link in the mail');
  return decodeURIComponent(match[1]!);
}

export interface ApiResponse<T = Body> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small HTTP client for the API: JSON in and out, an optional bearer token. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request<T = Body>(
    method: string,
    path: string,
    options: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      raw?: string;
      form?: FormData;
    } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined = options.form ?? options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  async login(email: string, password: string) {
    const response = await this.request('POST', '/api/login', { body: { email, password } });
    if (response.status !== 200)
      throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as { token: string; refreshToken: string; user: Body };
  }

  /** `GET /api/{resource}` with simple-rest parameters given as values (encoded here). */
  list(resource: string, token: string, params: { sort?: unknown; range?: unknown; filter?: unknown } = {}) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params))
      if (value !== undefined) query.set(key, JSON.stringify(value));
    return this.request('GET', `/api/${resource}?${query}`, { token });
  }
}
