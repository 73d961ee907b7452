import { inlineScriptHashes } from './inline-scripts';

/** The origins of Toss Payments' card window (PAYMENT_PROVIDER=toss): its SDK script and its frames. */
const tossOrigins = ['https://js.tosspayments.com', 'https://*.tosspayments.com'];

/**
 * The content security policy of the UI's pages, whole: the all-in-one server sends it (helmet,
 * without its own defaults, which are written out here) and the distributed stack's gateway sends
 * the same, written at its image's build (gateway-csp.ts).
 */
export function contentSecurityPolicy(options: {
  uiDir: string | null;
  tossPayments: boolean;
}): Record<string, string[]> {
  const toss = options.tossPayments ? tossOrigins : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'font-src': ["'self'", 'https:', 'data:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    // Avatars come from the e-mail-hash avatar service: its images must be allowed in.
    'img-src': ["'self'", 'data:', 'https://www.gravatar.com'],
    'object-src': ["'none'"],
    // The built index.html's boot script, by its hash: never 'unsafe-inline'.
    'script-src': ["'self'", ...inlineScriptHashes(options.uiDir), ...toss],
    'script-src-attr': ["'none'"],
    // MUI (emotion) injects style elements at run time, and index.html carries its first
    // stylesheets inline. A hash or nonce here would switch 'unsafe-inline' off.
    'style-src': ["'self'", "'unsafe-inline'"],
    'frame-src': ["'self'", ...toss],
    'connect-src': ["'self'", ...toss],
    // No upgrade-insecure-requests: the embedded default is often reached over plain HTTP on a LAN.
  };
}

/** The policy as the header's value, written as helmet writes it. */
export const policyHeaderValue = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');

/**
 * The gateway's (nginx) line sending the same policy with every page: written at the image's build,
 * when the built index.html and so its boot script's hash are known.
 */
export const gatewayPolicyLine = (options: { uiDir: string; tossPayments: boolean }) =>
  `add_header Content-Security-Policy "${policyHeaderValue(contentSecurityPolicy(options))}" always;\n`;
