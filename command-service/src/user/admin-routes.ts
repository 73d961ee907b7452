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
  badRequest,
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
import { eraseAccount } from './erase';
import { linkGrant } from './link-origin';
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
 * Group membership belongs to the group as much as to the user: whoever is in a group inherits its
 * grants, so adding someone to a group or taking them out needs the right to manage that group's
 * membership, the Admin role or Admin on the group (on it, or on every group), besides Admin on
 * the user. Without it a grant on one user record (one's own included) would reach every grant of
 * every group. A group added that the caller may not read answers exactly as one that does not
 * exist, so ids do not tell which groups exist. Groups kept as they were need nothing; a group
 * taken away that no longer exists needs nothing either (it holds no grants).
 */
async function requireMembershipAuthority(
  deps: CommandServiceDeps,
  caller: Principal,
  userId: number,
  before: readonly number[],
  after: readonly number[],
) {
  const added = after.filter((g) => !before.includes(g));
  const removed = before.filter((g) => !after.includes(g));
  if (added.length === 0 && removed.length === 0) return;
  const existing = new Set<number>(
    (
      await deps
        .knex(readModels.usergroups)
        .whereIn('id', [...added, ...removed])
        .pluck('id')
    ).map(Number),
  );
  const readable = await deps.permissions.readableIds(caller, 'UserGroup', added);
  if (added.some((g) => !existing.has(g) || !readable.has(g))) {
    throw badRequest(messages.unknownGroups, { groups: messages.unknownGroups });
  }
  if (isAdmin(caller.roles)) return;
  // Joining a group gives its grants: managing it does not let one join it oneself.
  if (userId === caller.userId && added.length) throw forbidden(messages.cannotJoinGroupYourself);
  for (const group of [...added, ...removed]) {
    if (!existing.has(group)) continue;
    if (!(await deps.permissions.has(caller, { type: 'UserGroup', id: group }, 'Admin'))) {
      throw forbidden(messages.forbidden);
    }
  }
}

/**
 * User administration (/dashboard/user: open to the Admin role, or to Admin permission on the user):
 * create staff and partner accounts, edit roles, status, groups and ERP codes, and erase a person
 * (PIPA, docs/architecture.md "Personal data").
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
    let invitationSent = false;
    if (!input.password) {
      const invitation = await handleCommand(deps.store, {
        stream: streamName('User', id),
        decider: userDecider,
        command: { type: 'InviteUser', grant: linkGrant(request, 'invitation', id, meta.now) },
        meta,
      });
      all.push(invitation);
      invitationSent = invitation.events.length > 0;
    }
    reply.status(201);
    // The Admin is told that a mail went out (an inactive account gets none: it could not use it).
    const created = await answer(reply, id, ...all);
    return invitationSent ? { ...created, invitationSent: true } : created;
  });

  app.put('/api/user/:id', async (request, reply) => {
    const admin = principalOf(request);
    const { id } = parseInput(Params, request.params);
    await mayAdminister(request, id);
    const input = parseInput(UserAdminUpdateSchema, request.body);
    const stream = streamName('User', id);
    const ifMatch = parseIfMatch(request.headers['if-match']);
    const { state } = await loadState(deps.store, stream, userDecider);
    if (state.status === 'absent' || state.status === 'Deleted')
      throw new HttpError(404, messages.userNotFound);
    await requireMembershipAuthority(deps, admin, id, state.groups, input.groups);
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

  /** Erasure by an Admin (see erase.ts for the order of its steps). */
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
    const meta = metaOf(request);
    const handled = await eraseAccount(deps, {
      user: state,
      command: { type: 'EraseUser', actorId: admin.userId, now: meta.now },
      meta,
      ifMatch,
      // The read model still shows the address of an account whose key an earlier version of this
      // route destroyed before failing to append; without it that address would stay taken.
      shownEmail: before?.email ?? null,
    });
    await awaitProjections(deps, reply, handled);
    return before ?? { id };
  });
}
