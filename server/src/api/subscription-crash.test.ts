import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase, type TestDatabase } from '@interior/platform/testing';
import { ApiClient } from '../testing/platform';
import { TossFake } from '../testing/toss-fake';

/**
 * The renewal that never charges twice: the platform process is killed (SIGKILL) while Toss is
 * charging a renewal, started again on the same database, and run again. Both processes must
 * share a PostgreSQL server, so this needs TEST_DATABASE_URL (CI always sets it).
 */
const skipReason = process.env.TEST_DATABASE_URL
  ? null
  : 'subscription crash test skipped: TEST_DATABASE_URL is not set (two processes need one PostgreSQL server)';
if (skipReason) console.warn(skipReason);
const describeWithServer = skipReason ? describe.skip : describe;

const SECRET = 'test_sk_crash';
const ADMIN = { email: 'admin@crash.example', password: 'crash-admin-password-1' };

describeWithServer('a renewal charge in flight when the process dies', () => {
  let db: TestDatabase;
  let toss: TossFake;
  let dataDir: string;
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    db = await openTestDatabase({ embedded: false, poolSize: 1 });
    toss = await TossFake.start(SECRET);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'interior-crash-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await toss?.stop();
    await db?.drop();
  });

  async function startChild(): Promise<ApiClient> {
    const started = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, '../testing/platform-child.ts')],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: db.url,
          LOG_LEVEL: 'error',
          BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
          BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
          SMS_URL: 'log:',
          PAYMENT_PROVIDER: 'toss',
          TOSS_SECRET_KEY: SECRET,
          TOSS_CLIENT_KEY: 'test_ck_crash',
          TOSS_API_URL: toss.url,
        },
      },
    );
    child = started;
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      started.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening (\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      started.once('exit', (code) => reject(new Error(`platform child exited with ${code}`)));
    });
    return new ApiClient(url);
  }

  async function kill() {
    const dying = child!;
    const closed = new Promise((resolve) => dying.once('close', resolve));
    dying.kill('SIGKILL');
    await closed;
    child = null;
  }

  it('charges the period exactly once and records it once', async () => {
    let api = await startChild();
    let admin = (await api.login(ADMIN.email, ADMIN.password)).token;
    const created = await api.request<{ id: number }>('POST', '/api/user', {
      token: admin,
      body: {
        email: 'crash@test.example',
        name: '김민준',
        roles: ['PersonalFree'],
        password: 'crash-user-password-1',
      },
    });
    expect(created.status).toBe(201);
    const userId = created.body.id;
    const user = (await api.login('crash@test.example', 'crash-user-password-1')).token;
    const plans = (await api.request<{ id: number; code: string }[]>('GET', '/api/subscription-plan')).body;
    const planId = plans.find((p) => p.code === 'PersonalPro')!.id;
    const checkout = await api.request<{ customerKey: string }>('POST', '/api/subscription/checkout', {
      token: user,
      body: { planId, period: 'Monthly' },
    });
    const subscribed = await api.request<{ currentPeriodEnd: string }>('POST', '/api/subscription', {
      token: user,
      body: { planId, period: 'Monthly', authKey: 'auth_crash', customerKey: checkout.body.customerKey },
    });
    expect(subscribed.status).toBe(201);
    const asOf = subscribed.body.currentPeriodEnd;
    const renewal = `sub-${userId}-1-2-1`;

    // Toss approves the renewal but holds its answer; the process dies waiting for it.
    toss.hold();
    void api.request('POST', '/api/billing/run', { token: admin, body: { asOf } }).catch(() => {});
    const deadline = Date.now() + 30_000;
    while (!toss.calls.some((c) => c.body?.orderId === renewal)) {
      if (Date.now() > deadline) throw new Error('the renewal charge never reached Toss');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await kill();
    toss.release();
    expect(toss.approvedOrders()).toContain(renewal);

    api = await startChild();
    admin = (await api.login(ADMIN.email, ADMIN.password)).token;
    const again = await api.request('POST', '/api/billing/run', { token: admin, body: { asOf } });
    expect(again.body).toEqual({ charged: 1, failed: 0, expired: 0 });
    const once = await api.request('POST', '/api/billing/run', { token: admin, body: { asOf } });
    expect(once.body).toEqual({ charged: 0, failed: 0, expired: 0 });

    expect(toss.calls.filter((c) => c.method === 'POST' && c.body?.orderId === renewal)).toHaveLength(1);
    expect(toss.callsTo(`/v1/payments/orders/${renewal}`, 'GET')).toHaveLength(1);
    expect(toss.approvedOrders().filter((o) => o === renewal)).toHaveLength(1);
    const payments = await api.request<{ orderId: string }[]>('GET', '/api/subscription/payment?filter={}', {
      token: admin,
    });
    expect(payments.body.filter((p) => p.orderId === renewal)).toHaveLength(1);
    expect(payments.body).toHaveLength(2);
    const events = await db
      .knex('events')
      .where({ stream: `Subscription-${userId}`, type: 'SubscriptionCharged' });
    expect(events).toHaveLength(2);
    await kill();
  }, 180_000);
});
