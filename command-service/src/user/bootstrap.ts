import { randomBytes } from 'node:crypto';
import { type Config, DomainError, hashPassword } from '@interior/platform';
import type { CommandServiceDeps } from '../deps';
import { findUserIdByEmail } from './email-reservation';
import { registerUser } from './register';

export interface BootstrapAdminOptions {
  /** BOOTSTRAP_ADMIN_EMAIL, BOOTSTRAP_ADMIN_PASSWORD and whether this is production. */
  config: Pick<Config, 'bootstrapAdmin' | 'production'>;
  /** Where a generated password is shown, once. */
  announce(message: string): void;
  warn(message: string): void;
}

/** Address of the Admin created in the embedded default when none is configured. */
export const DEFAULT_ADMIN_EMAIL = 'admin@interior.local';

/**
 * Creates the first Admin at start when no user holds the configured address (idempotent, and
 * through commands and events like every write). Outside production a missing address or password
 * is generated and the password printed this once; production needs both configured.
 */
export async function bootstrapAdmin(
  deps: Pick<CommandServiceDeps, 'knex' | 'store' | 'vault' | 'lookupKeys'>,
  options: BootstrapAdminOptions,
): Promise<{ created: boolean; email: string | null }> {
  const { production, bootstrapAdmin: configured } = options.config;
  const email = configured.email ?? (production ? undefined : DEFAULT_ADMIN_EMAIL);
  if (!email) {
    options.warn('BOOTSTRAP_ADMIN_EMAIL is not set: no Admin account is created at start');
    return { created: false, email: null };
  }
  if ((await findUserIdByEmail(deps.store, deps.lookupKeys, email)) !== null)
    return { created: false, email };
  if (production && !configured.password) {
    options.warn('BOOTSTRAP_ADMIN_PASSWORD is not set: the bootstrap Admin is not created');
    return { created: false, email };
  }
  const password = configured.password ?? randomBytes(12).toString('base64url');
  try {
    await registerUser(
      deps,
      {
        email,
        name: '관리자',
        roles: ['Admin'],
        status: 'Active',
        accountType: null,
        marketingAgreed: false,
        passwordHash: await hashPassword(password),
      },
      { actorId: null, correlationId: 'bootstrap-admin', now: new Date() },
    );
  } catch (error) {
    // Another process created it at the same moment.
    if (error instanceof DomainError) return { created: false, email };
    throw error;
  }
  if (!configured.password) {
    options.announce(
      [
        '',
        '  Bootstrap Admin created; the password is shown only this once:',
        `    e-mail:   ${email}`,
        `    password: ${password}`,
        '',
      ].join('\n'),
    );
  }
  return { created: true, email };
}
