import {
  type SessionEvent,
  type UserEvent,
  UserEventSchemas,
  type UserGroupEvent,
} from '@interior/contracts';
import { readModels, type StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';
import { defineProjection, occurredAt } from '../projection';
import { hasTrigramSearch } from '../search';

/**
 * The `user` resource's rows, what sign-in needs (roles, status), consents and business
 * profiles. Personal fields arrive sealed with the person's key and are opened here; after an
 * erasure they are blanked, and a rebuild cannot open them again because the key is gone.
 */
export const usersProjection = defineProjection({
  name: 'users',
  version: 4,
  // Every event of a user's stream: even those that change nothing shown move the record's
  // version, which is its ETag (If-Match must name the stream's real revision).
  handles: [...(Object.keys(UserEventSchemas) as UserEvent['type'][]), 'SessionStarted', 'UserGroupDeleted'],
  tables: {
    [readModels.users]: (t) => {
      t.integer('id').primary();
      t.text('name');
      t.text('email');
      t.text('mobile');
      t.specificType('roles', 'text[]').notNullable();
      t.text('status').notNullable();
      t.boolean('marketingAgreed').notNullable().defaultTo(false);
      t.timestamp('registered', { useTz: true }).notNullable();
      t.timestamp('lastConnected', { useTz: true });
      t.text('accountType');
      t.integer('business');
      t.text('erpId');
      t.text('bpCode');
      t.jsonb('image');
      t.specificType('groups', 'integer[]').notNullable().defaultTo('{}');
      t.jsonb('consents').notNullable().defaultTo('[]');
      t.jsonb('snsAccounts').notNullable().defaultTo('[]');
      t.integer('version').notNullable();
      t.index(['name']);
      t.index(['email']);
      t.index(['status']);
      t.index(['registered']);
      t.index(['lastConnected']);
    },
    [readModels.businessProfiles]: (t) => {
      t.integer('id').primary();
      t.integer('userId').notNullable().unique();
      t.text('registrationNumber').notNullable();
      t.text('representative');
      t.text('mobile');
      t.text('telephone');
      t.text('address');
      t.text('industry');
      t.text('description').notNullable();
    },
  },
  async afterCreate(knex, tables) {
    if (!(await hasTrigramSearch(knex))) return;
    const table = tables[readModels.users];
    await knex.raw(`create index ?? on ?? using gin (name gin_trgm_ops, email gin_trgm_ops)`, [
      `${table}_search`,
      table,
    ]);
  },
  async apply(trx, stored, tables, { vault }) {
    const users = tables[readModels.users];
    const businesses = tables[readModels.businessProfiles];
    const event = stored as StoredEvent & (UserEvent | SessionEvent | UserGroupEvent);
    const subject = stored.stream;
    const userId = Number(stored.stream.slice('User-'.length));
    const open = (sealed: string | null | undefined) => (sealed ? vault.open(subject, sealed, trx) : null);
    /** Changes one user's row and records the stream revision it now reflects. */
    const update = (changes: Record<string, unknown>) =>
      trx(users)
        .where({ id: userId })
        .update({ ...changes, version: stored.revision });

    switch (event.type) {
      case 'UserRegistered':
        await trx(users)
          .insert({
            id: event.data.id,
            name: await open(event.data.name),
            email: await open(event.data.email),
            mobile: await open(event.data.mobile),
            roles: event.data.roles,
            status: event.data.status,
            marketingAgreed: event.data.marketingAgreed,
            accountType: event.data.accountType,
            consents: JSON.stringify(event.data.consents),
            registered: occurredAt(stored),
            version: stored.revision,
          })
          .onConflict('id')
          .ignore();
        return;
      case 'SessionStarted':
        await trx(users)
          .where({ id: event.data.userId })
          .update({ lastConnected: occurredAt(stored) });
        return;
      case 'EmailVerified':
        await update({ status: trx.raw(`case when status = 'Pending' then 'Active' else status end`) });
        return;
      case 'UserProfileUpdated':
        await update({
          name: await open(event.data.name),
          ...(event.data.mobile !== undefined ? { mobile: await open(event.data.mobile) } : {}),
        });
        return;
      case 'UserImageChanged':
        await update({ image: event.data.image ? JSON.stringify(event.data.image) : null });
        return;
      case 'ConsentChanged':
        await update({
          consents: trx.raw(`coalesce(consents, '[]'::jsonb) || ?::jsonb`, [JSON.stringify([event.data])]),
          ...(event.data.code === 'Marketing' ? { marketingAgreed: event.data.agreed } : {}),
        });
        return;
      case 'BusinessProfileSaved': {
        const d = event.data;
        const row = {
          id: d.businessId,
          userId,
          registrationNumber: d.registrationNumber,
          representative: await open(d.representative),
          mobile: await open(d.mobile),
          telephone: await open(d.telephone),
          address: await open(d.address),
          industry: d.industry,
          description: d.description,
        };
        await trx(businesses).insert(row).onConflict('id').merge();
        await update({ business: d.businessId });
        return;
      }
      case 'UserRolesChanged':
        await update({ roles: event.data.roles });
        return;
      case 'UserStatusChanged':
        await update({ status: event.data.status });
        return;
      case 'UserGroupsChanged':
        await update({ groups: event.data.groups });
        return;
      case 'UserErpChanged':
        await update({ erpId: event.data.erpId, bpCode: event.data.bpCode });
        return;
      case 'UserErased':
        await eraseUser(trx, users, businesses, userId, stored.revision);
        vault.forget(subject);
        return;
      case 'SnsAccountLinked': {
        const account = { id: event.data.id, uid: await open(event.data.uid), type: event.data.type };
        await update({
          snsAccounts: trx.raw(`coalesce("snsAccounts", '[]'::jsonb) || ?::jsonb`, [
            JSON.stringify([account]),
          ]),
        });
        return;
      }
      case 'SnsAccountUnlinked':
        await update({
          snsAccounts: trx.raw(
            `coalesce((select jsonb_agg(a) from jsonb_array_elements("snsAccounts") a where (a->>'id')::int <> ?), '[]'::jsonb)`,
            [event.data.id],
          ),
        });
        return;
      case 'UserGroupDeleted': {
        const groupId = Number(stored.stream.slice('UserGroup-'.length));
        await trx(users)
          .whereRaw('? = any(groups)', [groupId])
          .update({ groups: trx.raw('array_remove(groups, ?)', [groupId]) });
        return;
      }
      case 'EmailChanged':
        await update({ email: await open(event.data.email) });
        return;
      case 'EmailChangeRequested':
      case 'EmailVerificationRequested':
      case 'PasswordResetRequested':
      case 'UserInvited':
      case 'PasswordChanged':
      case 'UserSessionsRevoked':
        await update({});
        return;
      case 'SessionRevoked':
      case 'UserGroupCreated':
      case 'UserGroupUpdated':
        return;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
});

/** Blanks every personal field of an erased user; the row stays so history can name "삭제됨". */
async function eraseUser(
  trx: Knex.Transaction,
  users: string,
  businesses: string,
  userId: number,
  revision: number,
) {
  await trx(users).where({ id: userId }).update({
    name: null,
    email: null,
    mobile: null,
    image: null,
    status: 'Deleted',
    groups: [],
    consents: '[]',
    snsAccounts: '[]',
    erpId: null,
    bpCode: null,
    version: revision,
  });
  await trx(businesses)
    .where({ userId })
    .update({ representative: null, mobile: null, telephone: null, address: null });
}
