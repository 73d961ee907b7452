import type { CommandServiceDeps } from '../deps';

/** Codes and their limits are kept under a keyed hash of the number, never the number itself. */
export const mobileKey = (deps: Pick<CommandServiceDeps, 'lookupKeys'>, mobile: string) =>
  deps.lookupKeys.hash('mobile', mobile);
