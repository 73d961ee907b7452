import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '@interior/platform';
import { startPlatform } from './platform-server';

/** `npm start`: the whole platform in one process on one port. */
try {
  const config = loadConfig();
  const uiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../ui/dist');
  const server = await startPlatform(config, { uiDir });
  process.stdout.write(
    `\n  인테리어 플랫폼이 실행 중입니다: ${server.url}\n  (${config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`})\n\n`,
  );
  const shutdown = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  throw error;
}
