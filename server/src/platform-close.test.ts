import timers from 'node:timers';
import { QUOTE_EXPIRY_INTERVAL_MS } from '@interior/command-service/estimation/quote-expiry';
import { startTestPlatform } from './testing/platform';

/**
 * The process's periodic jobs (the quote expiry, the renewals, the trash purge) and pollers are
 * timers of its own: closing the platform clears every one, so nothing runs on against a database
 * that is gone. Every interval started is watched, and every clearing, whether through the global
 * function or node:timers (as the database pool clears its own).
 */
describe('a closed platform', () => {
  afterEach(() => jest.restoreAllMocks());

  it('leaves no interval running', async () => {
    const started = jest.spyOn(global, 'setInterval');
    const cleared = [jest.spyOn(global, 'clearInterval'), jest.spyOn(timers, 'clearInterval')];
    const platform = await startTestPlatform();
    const hourly = started.mock.calls.filter(([, ms]) => ms === QUOTE_EXPIRY_INTERVAL_MS).length;
    await platform.stop();
    const stopped = new Set(cleared.flatMap((spy) => spy.mock.calls.map(([timer]) => timer)));
    const running = started.mock.results.filter(({ value }) => !stopped.has(value as NodeJS.Timeout));
    // The quote expiry's, the renewals' and the trash purge's.
    expect({ hourly, running: running.length }).toEqual({ hourly: 3, running: 0 });
  });
});
