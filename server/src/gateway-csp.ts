import fs from 'node:fs';
import path from 'node:path';
import { gatewayPolicyLine } from './content-security-policy';

/**
 * `node --import tsx server/src/gateway-csp.ts <ui/dist>`: prints the gateway's content security
 * policy line for that build (the Dockerfile writes it to /etc/nginx/csp.conf, which nginx.conf
 * includes where it serves the pages). PAYMENT_PROVIDER=toss adds Toss Payments' origins, as the
 * services do.
 */
const uiDir = path.resolve(process.argv[2] ?? 'ui/dist');
// Without the built page there is no hash to allow: the boot script would be refused.
if (!fs.existsSync(path.join(uiDir, 'index.html')))
  throw new Error(`${uiDir}/index.html is missing: build the UI first`);
process.stdout.write(gatewayPolicyLine({ uiDir, tossPayments: process.env.PAYMENT_PROVIDER === 'toss' }));
