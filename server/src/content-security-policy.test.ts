import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentSecurityPolicy, gatewayPolicyLine } from './content-security-policy';
import { inlineScripts, scriptHashSource } from './inline-scripts';

/**
 * The policy allows the built page's inline scripts by their hashes and nothing broader, and the
 * distributed stack's gateway is given the same policy at its image's build.
 */
const root = path.resolve(__dirname, '../..');

function builtUi(html: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interior-csp-'));
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  return dir;
}

const page = `<!doctype html><html><head><title>t</title>
<script>document.documentElement.dataset.x="1"</script>
<script type="module" crossorigin src="/assets/index-x.js"></script>
</head><body><div id="root"></div><script >var two = 2;</script></body></html>`;

describe('the content security policy', () => {
  it('finds the inline scripts, their text exactly, and not those loaded from a file', () => {
    expect(inlineScripts(page)).toEqual(['document.documentElement.dataset.x="1"', 'var two = 2;']);
  });

  it('allows each inline script of the built page by its hash, never any inline script', () => {
    const uiDir = builtUi(page);
    const scriptSrc = contentSecurityPolicy({ uiDir, tossPayments: false })['script-src']!;
    expect(scriptSrc).toEqual(["'self'", ...inlineScripts(page).map(scriptHashSource)]);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    // The same text hashed as the browser does: SHA-256 of its UTF-8 bytes, base64.
    expect(scriptHashSource('var two = 2;')).toBe("'sha256-e27/k468wcIGdexzxzoCxmA0msaC7zrt9jYwsiCdsf4='");
    expect(contentSecurityPolicy({ uiDir: null, tossPayments: true })['script-src']).toEqual([
      "'self'",
      'https://js.tosspayments.com',
      'https://*.tosspayments.com',
    ]);
  });

  it('is sent by the gateway with the pages, written at the image build', () => {
    const uiDir = builtUi(page);
    const line = gatewayPolicyLine({ uiDir, tossPayments: false });
    for (const script of inlineScripts(page)) expect(line).toContain(scriptHashSource(script));
    expect(line).toMatch(/^add_header Content-Security-Policy "[^"]+" always;\n$/);

    const nginx = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8').replace(/#[^\n]*/g, '');
    const pages = /location \/ \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    expect(pages).toContain('include /etc/nginx/csp.conf;');
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/server\/src\/gateway-csp\.ts ui\/dist > \/app\/gateway-csp\.conf/);
    expect(dockerfile).toContain('COPY --from=build /app/gateway-csp.conf /etc/nginx/csp.conf');
  });
});
