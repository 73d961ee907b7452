/**
 * The whole platform in a child process for the crash tests: configured from the environment it
 * is given, it prints `listening <url>` once it answers, so the test can SIGKILL it at will.
 */
import { loadConfig } from '@interior/platform';
import { startPlatform } from '../platform-server';

const server = await startPlatform(loadConfig(process.env), { uiDir: null, announce: () => {} });
process.stdout.write(`listening ${server.url}\n`);
