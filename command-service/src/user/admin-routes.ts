import {
  messages,
  streamName,
  type User,
  UserAdminCreateSchema,
  UserAdminUpdateSchema,
  UserId,
} from '@interior/contracts';
import {
  ActionTokens,
  badRequest,
  etagOf,
  HttpError,
  hashPassword,
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
import { registerUser } from './register';
import type { UserState } from './user';

const Params = z.object({ id: UserId });

/**
 * User administration (SPEC §2 /dashboard/user: the Admin role, or Admin permission on the user):
 * create staff and partner accounts,
 * edit roles, status, groups and ERP codes, and erase a person (PIPA): their key is destroyed
 * first, so whatever happens next their personal data can no longer be read anywhere.
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
    const nameChanged = (await deps.vault.open(stream, state.sealedName)) !== input.name;
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
        sealedName: nameChanged ? await deps.vault.seal(stream, input.name) : null,
        now: meta.now,
      },
      meta,
      ifMatch,
    });
    return answer(reply, id, handled);
  });

  app.delete('/api/user/:id', async (request, reply) => {
    const admin = principalOf(request);
    const { id } = parseInput(Params, request.params);
    await mayAdminister(request, id);
    const stream = streamName('User', id);
    const { state } = await loadState(deps.store, stream, userDecider);
    if (state.status === 'absent' || state.status === 'Deleted')
      throw new HttpError(404, messages.userNotFound);
    if (state.id === admin.userId) throw new HttpError(409, messages.cannotEraseSelf);
    const before = await record(id);
    const email = await deps.vault.open(stream, state.sealedEmail);
    const meta = metaOf(request);

    // Crypto-shredding first: from here on no copy of the sealed fields can be opened.
    await deps.vault.erase(stream);
    // Rows outside the log that belong to the person go with them: photos and what their
    // browser reported. (Their mail is deleted by the mail reactor on UserErased.)
    await deps.knex('files').where({ ownerId: id }).delete();
    await deps.knex('client_logs').where({ userId: id }).delete();
    const handled = await handleCommand(deps.store, {
      stream,
      decider: userDecider,
      command: { type: 'EraseUser', actorId: admin.userId, now: meta.now },
      meta,
      ifMatch: parseIfMatch(request.headers['if-match']),
    });
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
