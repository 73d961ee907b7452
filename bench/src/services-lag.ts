import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { HttpChild } from './http-child';
import { type Percentiles, summarize, until } from './measure';

/**
 * Section 7: projection lag with the services as separate processes on PostgreSQL, as the
 * distributed stack runs them (README "Running each service alone"): the command-service, the
 * projections and the query-service each started as a process of its own on the bench database.
 * From the client process, one writer creates groups through the command-service back to back
 * while a reader asks the query-service for the newest groups back to back (`no-cache`). A
 * group's lag is from its event's transaction start in the log (`recorded_at`, PostgreSQL's clock)
 * to the reader's first answer that lists it (this machine's clock, the same one): commit, the
 * projections process noticing and applying it, and the query-service reading it, plus at most one
 * of the reader's round trips (a few ms) since it asks without pause.
 */
export interface ServicesLag extends Percentiles {
  /** Groups created (and seen) while measured. */
  created: number;
}

const root = fileURLToPath(new URL('../../', import.meta.url));

const SERVICES = [
  { name: 'command-service', script: 'command-service/src/main.ts', flags: [] },
  { name: 'projections', script: 'projections/src/main.ts', flags: ['--max-semi-space-size=64'] },
  { name: 'query-service', script: 'query-service/src/main.ts', flags: [] },
] as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Service {
  name: string;
  url: string;
  process: ChildProcess;
}

async function startService(
  service: (typeof SERVICES)[number],
  databaseUrl: string,
  admin: { email: string; password: string },
): Promise<Service> {
  const port = await freePort();
  const child = spawn(process.execPath, [...service.flags, '--import', 'tsx', service.script], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BOOTSTRAP_ADMIN_EMAIL: admin.email,
      BOOTSTRAP_ADMIN_PASSWORD: admin.password,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  await until(
    async () => {
      if (exited !== null) throw new Error(`${service.name} exited with ${exited}`);
      const health = await fetch(`${url}/api/health`).catch(() => null);
      if (health) await health.arrayBuffer();
      return health?.status === 200;
    },
    { everyMs: 200, timeoutMs: 180_000, what: `${service.name} to answer /api/health` },
  );
  return { name: service.name, url, process: child };
}

async function stop(service: Service): Promise<void> {
  if (service.process.exitCode !== null) return;
  const exited = new Promise((resolve) => service.process.once('exit', resolve));
  service.process.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (service.process.exitCode === null) service.process.kill('SIGKILL');
}

export async function measureServicesLag(
  databaseUrl: string,
  admin: { email: string; password: string },
  plan: { warmupMs: number; durationMs: number },
  progress: (message: string) => void,
): Promise<ServicesLag> {
  const services: Service[] = [];
  const knex = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  let child: HttpChild | undefined;
  try {
    for (const service of SERVICES) {
      progress(`starting ${service.name}`);
      services.push(await startService(service, databaseUrl, admin));
    }
    const [command, , query] = services as [Service, Service, Service];
    const login = await fetch(`${command.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const signedIn = (await login.json()) as { token?: string; message?: string };
    if (login.status !== 200 || !signedIn.token)
      throw new Error(`sign-in at the command-service: ${login.status} ${signedIn.message ?? ''}`);
    child = HttpChild.start(signedIn.token);
    progress('writing through the command-service, reading through the query-service');
    await child.lag(command.url, query.url, plan.warmupMs, '벤치 지연 준비');
    const sightings = await child.lag(command.url, query.url, plan.durationMs, '벤치 지연');
    const { rows } = await knex.raw<{ rows: { id: number; at: number }[] }>(
      `select (data->>'id')::int as id, extract(epoch from recorded_at)::float8 * 1000 as at
       from events where type = 'UserGroupCreated' and stream = any(?::text[])`,
      [sightings.map((s) => `UserGroup-${s.id}`)],
    );
    const recorded = new Map(rows.map((r) => [r.id, r.at]));
    const lags = sightings.flatMap((s) => {
      const at = recorded.get(s.id);
      return at === undefined ? [] : [s.seenAtEpochMs - at];
    });
    if (lags.length !== sightings.length)
      throw new Error(`${sightings.length - lags.length} groups the reader saw have no event in the log`);
    return { created: lags.length, ...summarize(lags) };
  } finally {
    child?.close();
    for (const service of services.reverse()) await stop(service);
    await knex.destroy();
  }
}
