import { Signal } from '../signal';
import { openTestDatabase } from '../testing';
import { listenOn, shareSignal } from './channel';

const onServer = process.env.TEST_DATABASE_URL ? it : it.skip;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a signal shared by the processes on one database', () => {
  onServer("firing it in one process wakes another's waiters at once, not at their timeout", async () => {
    const db = await openTestDatabase({ embedded: false });
    // Two processes' signals: each its own LISTEN connection, as each service has.
    const projections = new Signal();
    const commands = new Signal();
    const shared = [await shareSignal(db.knex, projections), await shareSignal(db.knex, commands)];
    try {
      const since = commands.version;
      const waited = commands.wait(since, 60_000).then(() => 'woken');
      projections.fire();
      expect(await Promise.race([waited, settle(2_000).then(() => 'timed out')])).toBe('woken');
      // A process is not woken again by its own firing coming back from the channel.
      await settle(300);
      expect(projections.version).toBe(1);
      expect(commands.version).toBe(since + 1);

      // Fired again and again while a NOTIFY is under way: the last firing is told too.
      for (let i = 0; i < 20; i++) projections.fire();
      const after = commands.version;
      for (let waited = 0; commands.version === after && waited < 2_000; waited += 10) await settle(10);
      expect(commands.version).toBeGreaterThan(after);
      await settle(300);
      const settled = commands.version;
      await settle(300);
      expect(commands.version).toBe(settled);
    } finally {
      for (const one of shared) await one.close();
      await db.drop();
    }
  });

  onServer('once closed, a firing tells no other process', async () => {
    const db = await openTestDatabase({ embedded: false });
    const projections = new Signal();
    const commands = new Signal();
    const closing = await shareSignal(db.knex, projections);
    const listening = await shareSignal(db.knex, commands);
    try {
      await closing.close();
      projections.fire();
      await settle(500);
      expect(commands.version).toBe(0);
      expect(projections.version).toBe(1);
    } finally {
      await listening.close();
      await db.drop();
    }
  });

  it('listens only on a channel named by a plain identifier', async () => {
    await expect(listenOn({} as never, 'x; drop table events', () => {})).rejects.toThrow(
      'not a channel name',
    );
  });
});
