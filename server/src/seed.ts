import { commandDepsOf, loadSample } from '@interior/command-service';
import { ConfigError, loadConfig } from '@interior/platform';
import { startPlatform } from './platform-server';

/**
 * `npm run seed -- sample`: loads the sample catalogue into the configured platform (the embedded
 * default or DATABASE_URL) through its commands, with the read models running in this process; a
 * second run adds nothing. It listens on a free port of its own while it works.
 */
const what = process.argv[2];
if (what !== 'sample') {
  process.stderr.write('사용법: npm run seed -- sample\n');
  process.exit(2);
}
try {
  const config = { ...loadConfig(), port: 0, host: '127.0.0.1' };
  const server = await startPlatform(config, { uiDir: null });
  try {
    const { created } = await loadSample(commandDepsOf(server.runtime));
    process.stdout.write(`샘플 카탈로그: ${created}건을 만들었습니다.\n`);
  } finally {
    await server.close();
  }
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  throw error;
}
