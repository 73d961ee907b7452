import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { StartedTestContainer } from 'testcontainers';
import { type ContractSubject, describeEventStoreContract, newEvent } from './contract-suite';
import { decodeKurrentPosition, encodeKurrentPosition, openKurrentDbEventStore } from './kurrentdb';
import type { EventStore } from './port';

const IMAGE = 'docker.kurrent.io/kurrent-latest/kurrentdb';
const KURRENTDB_PORT = 2113;

describe('KurrentDB positions', () => {
  const store = openKurrentDbEventStore('kurrentdb://localhost:2113?tls=false');
  afterAll(() => store.close());

  it('round-trips commit/prepare as zero-padded text that sorts like the pair', () => {
    const max = 18446744073709551615n;
    const encoded = encodeKurrentPosition({ commit: 12n, prepare: max });
    expect(encoded).toBe(`00000000000000000012/${max}`);
    expect(decodeKurrentPosition(encoded)).toEqual({ commit: 12n, prepare: max });
    expect(() => decodeKurrentPosition('12:7')).toThrow(TypeError);
  });

  it('orders by commit, then prepare, beyond the precision of a JS number', () => {
    const at = (commit: bigint, prepare: bigint) => encodeKurrentPosition({ commit, prepare });
    const big = 2n ** 60n;
    expect(store.comparePositions(at(big, big), at(big + 1n, 0n))).toBeLessThan(0);
    expect(store.comparePositions(at(big, big + 1n), at(big, big))).toBeGreaterThan(0);
    expect(store.comparePositions(at(big, big), at(big, big))).toBe(0);
    // Unpadded text compares by value too.
    expect(store.comparePositions('9/9', at(10n, 0n))).toBeLessThan(0);
  });
});

/** Whether testcontainers finds a Docker engine. Probed in a child process: tests register synchronously. */
function probeDocker(): string | null {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `let tc; try { tc = require('testcontainers'); } catch { process.exit(3); }
       tc.getContainerRuntimeClient().then(() => process.exit(0), () => process.exit(2));`,
    ],
    { cwd: process.cwd(), timeout: 30_000, stdio: 'ignore' },
  );
  if (probe.status === 0) return null;
  if (probe.status === 3) return 'EVENTSTORE_URL is not set and the testcontainers package is not installed';
  if (probe.status === null) return 'EVENTSTORE_URL is not set and looking for a Docker engine timed out';
  return 'EVENTSTORE_URL is not set and no Docker engine is reachable';
}

const eventStoreUrl = process.env.EVENTSTORE_URL;
const skipReason = eventStoreUrl ? null : probeDocker();
if (skipReason) console.warn(`KurrentDB contract suite skipped: ${skipReason}`);

const describeIfServer = skipReason ? describe.skip : describe;

describeIfServer('KurrentDB adapter', () => {
  let container: StartedTestContainer | undefined;
  let url = eventStoreUrl ?? '';

  beforeAll(async () => {
    if (eventStoreUrl) return;
    const { GenericContainer, Wait } = await import('testcontainers');
    container = await new GenericContainer(IMAGE)
      .withEnvironment({
        KURRENTDB_INSECURE: 'true',
        KURRENTDB_MEM_DB: 'true',
        KURRENTDB_RUN_PROJECTIONS: 'None',
        KURRENTDB_START_STANDARD_PROJECTIONS: 'false',
      })
      .withExposedPorts(KURRENTDB_PORT)
      .withWaitStrategy(Wait.forHttp('/health/live', KURRENTDB_PORT).forStatusCode(204))
      .withStartupTimeout(180_000)
      .start();
    url = `kurrentdb://${container.getHost()}:${container.getMappedPort(KURRENTDB_PORT)}?tls=false`;
    await untilWritable(url, 60_000);
  }, 300_000);

  afterAll(async () => {
    await container?.stop();
  });

  describeEventStoreContract(
    eventStoreUrl ? 'KurrentDB at EVENTSTORE_URL' : `KurrentDB in ${IMAGE}`,
    async () => {
      const store = openKurrentDbEventStore(url);
      const subject: ContractSubject = { store, cleanup: () => store.close() };
      return subject;
    },
  );
});

/** A fresh node answers health checks before it has elected itself leader: wait for a write to pass. */
async function untilWritable(url: string, timeoutMs: number): Promise<void> {
  const store: EventStore = openKurrentDbEventStore(url);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      try {
        await store.append(`Warmup-${randomUUID()}`, [newEvent('WarmedUp')], {
          expectedRevision: 'no_stream',
        });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  } finally {
    await store.close();
  }
}
