import type { PaymentsConfig } from '@interior/platform';
import type { Knex } from 'knex';
import type { PaymentProvider } from './provider';
import { SandboxProvider } from './sandbox';
import { TossProvider } from './toss';

// The choice of provider lives apart from the port, so each provider can depend on the port
// without the port depending back on every provider.
export function paymentProviderOf(config: PaymentsConfig, knex: Knex): PaymentProvider {
  if (config.provider === 'toss') {
    return new TossProvider({
      apiUrl: config.tossApiUrl,
      secretKey: config.tossSecretKey ?? '',
      clientKey: config.tossClientKey ?? '',
    });
  }
  return new SandboxProvider(knex);
}
