import {
  hasAnyRole,
  messages,
  type Role,
  streamName,
  type User,
  UserAdminCreateSchema,
  UserAdminUpdateSchema,
  UserId,
} from '@interior/contracts';
import {
  ActionTokens,
  badRequest,
  erasePersonOutsideTheLog,
  etagOf,
  forbidden,
  HttpError,
  hashPassword,
  type Principal,
  parseIfMatch,
  parseInput,
  principalOf,
  readModels,
  readRecord,
  userRecordColumns,
} from '@interior/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Handled, handleCommand, loadState } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { userDecider } from './decide';
import { emailReservationDecider, emailStream } from './email-reservation';
import { sealedFor } from './personal-data';
import { registerUser } from './register';
import type { UserState } from './user';

const Params = z.object({ id: UserId });

const isAdmin = (roles: readonly Role[]) => hasAnyRole(roles, ['Admin']);

/**
 * What an Admin *grant* (ACL) on users does not reach: the Admin role is given and taken only by
 * holders of the Admin role, and a holder of a grant on their own record cannot change their own
 * roles or status with it. A 403: this is authorization, not a rule of the domain.
 */
function requireRoleAuthority(
  caller: Principal,
  change: { userId: number | null; before: readonly Role[]; after: readonly Role[]; statusChanged: boolean },
) {
  if (isAdmin(caller.roles)) return;
  if (isAdmin(change.before) !== isAdmin(change.after)) throw forbidden(messages.forbidden);
  const rolesChanged =
    change.before.length !== change.after.length || change.before.some((r) => !change.after.includes(r));
  if (change.userId === caller.userId && (rolesChanged || change.statusChanged)) {
    throw forbidden(messages.forbidden);
  }
}

/**
 * User administration (SPEC §2 /dashboard/user: the Admin role, or Admin permission on the user):
 * create staff and partner accounts, edit roles, status, groups and ERP codes, and erase a person
 * (PIPA, DESIGN.md "Personal data").
 */
export function registerUserAdminCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  const record = (id: number) => readRecord<User>(deps.knex, readModels.users, id, userRecordColumns);
  const answer = async (
    reply: FastifyReply,
    id: number,
    ...handled: Handled<UserState, { type: string }>[]
  ) => {
    await awaitProjections(deps, reply, ...handled);
    const user = await record(id);
    if (user) reply.header('etag', etagOf(user.version));
    return user ?? { id };
  };

  /** Administering accounts (roles, status) needs Admin permission: Write would let a user promote themselves. */
  const mayAdminister = (request: FastifyRequest, id?: number) =>
    deps.permissions.require(
      principalOf(request),
      id ? { type: 'User', id } : { type: 'User' },
      'Admin',
      messages.userNotFound,
    );

  app.post('/api/user', async (request, reply) => {
    await mayAdminister(request);
    const input = parseInput(UserAdminCreateSchema, request.body);
    requireRoleAuthority(principalOf(request), {
      userId: null,
      before: [],
      after: input.roles,
      statusChanged: false,
    });
    const meta = metaOf(request);
    const { id, handled } = await registerUser(
      deps,
      {
        email: input.email,
        name: input.name,
        roles: input.roles,
        // Without a password the account waits for its owner to set one from the invitation.
        status: input.status ?? (input.password ? 'Active' : 'Pending'),
        accountType: null,
        marketingAgreed: false,
        passwordHash: input.password ? await hashPassword(input.password) : null,
      },
      meta,
    );
    const all: Handled<UserState, { type: string }>[] = [handled];
    if (!input.password) {
      const invitation = await handleCommand(deps.store, {
        stream: streamName('User', id),
        decider: userDecider,
        command: { type: 'InviteUser', grant: ActionTokens.grant('invitation', id, meta.now) },
        meta,
      });
      all.push(invitation);
    }
    reply.status(201);
    return answer(reply, id, ...all);
  });

  app.put('/api/user/:id', async (request, reply) => {
    const admin = principalOf(request);
    const { id } = parseInput(Params, request.params);
    await mayAdminister(request, id);
    const input = parseInput(UserAdminUpdateSchema, request.body);
    if (input.groups.length) {
      const known = await deps.knex(readModels.usergroups).whereIn('id', input.groups).pluck('id');
      if (known.length !== input.groups.length)
        throw badRequest(messages.unknownGroups, { groups: messages.unknownGroups });
    }
    const stream = streamName('User', id);
    const ifMatch = parseIfMatch(request.headers['if-match']);
    const { state } = await loadState(deps.store, stream, userDecider);
    if (state.status === 'absent' || state.status === 'Deleted')
      throw new HttpError(404, messages.userNotFound);
    requireRoleAuthority(admin, {
      userId: id,
      before: state.roles,
      after: input.roles,
      statusChanged: state.status !== input.status,
    });
    const nameChanged = (await deps.vault.open(stream, state.sealedName)) !== input.name;
    const seal = sealedFor(deps.vault, stream);
    const meta = metaOf(request);
    const handled = await handleCommand(deps.store, {
      stream,
      decider: userDecider,
      command: {
        type: 'AdminUpdateUser',
        actorId: admin.userId,
        roles: input.roles,
        status: input.status,
        groups: input.groups,
        erpId: input.erpId ?? null,
        bpCode: input.bpCode ?? null,
        sealedName: nameChanged ? await seal(input.name) : null,
        now: meta.now,
      },
      meta,
      ifMatch,
    });
    return answer(reply, id, handled);
  });

  /**
   * Erasure, in an order that no failure can turn into a half-erased account:
   * 1. read in clear what the erasure still needs: the address, whose reservation it releases;
   * 2. append EraseUser with the client's If-Match: a stale version (412) or any refusal stops here,
   *    and the account is left exactly as it was, fully readable and working;
   * 3. only then destroy the key and the rows kept outside the log, and release the address.
   * Step 3 is idempotent and also run by the erasure reactor (projections/src/reactors/erasure),
   * which reacts to UserErased from its own checkpoint: should this process die between 2 and 3,
   * the reactor destroys the key after the fact (DESIGN.md "Projections": side effects belong to
   * reactors), and registering the address again takes over an erased user's reservation.
   */
  app.delete('/api/user/:id', async (request, reply) => {
    const admin = principalOf(request);
    const { id } = parseInput(Params, request.params);
    await mayAdminister(request, id);
    const ifMatch = parseIfMatch(request.headers['if-match']);
    const stream = streamName('User', id);
    const { state } = await loadState(deps.store, stream, userDecider);
    if (state.status === 'absent' || state.status === 'Deleted')
      throw new HttpError(404, messages.userNotFound);
    if (state.id === admin.userId) throw new HttpError(409, messages.cannotEraseSelf);
    // Erasing an Admin takes their Admin role away, among everything else.
    if (isAdmin(state.roles) && !isAdmin(admin.roles)) throw forbidden(messages.forbidden);
    const before = await record(id);
    // The read model still shows the address of an account whose key an earlier version of this
    // route destroyed before failing to append; without it that address would stay taken.
    const email = (await deps.vault.open(stream, state.sealedEmail)) ?? before?.email ?? null;
    const meta = metaOf(request);

    const handled = await handleCommand(deps.store, {
      stream,
      decider: userDecider,
      command: { type: 'EraseUser', actorId: admin.userId, now: meta.now },
      meta,
      ifMatch,
    });
    await erasePersonOutsideTheLog(deps.knex, deps.vault, { subject: stream, userId: id });
    // The address may be used again by someone new.
    if (email) {
      await handleCommand(deps.store, {
        stream: emailStream(deps.lookupKeys, email),
        decider: emailReservationDecider,
        command: { type: 'ReleaseEmail', userId: id },
        meta,
      });
    }
    await awaitProjections(deps, reply, handled);
    return before ?? { id };
  });
}
