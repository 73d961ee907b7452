import { messages, positiveId } from '@interior/contracts';
import {
  type ListDefinition,
  notFound,
  parseInput,
  queryList,
  requireRole,
  sendList,
} from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { QueryServiceDeps } from '../deps';

/**
 * The mail the platform sent or, without SMTP_URL, kept (the embedded default's local mailbox):
 * Admin only, resource `mailbox`.
 */
export const mailboxList: ListDefinition = {
  resource: 'mailbox',
  // bigserial ids
  idKind: 'bigint',
  table: 'mail_outbox',
  sortable: ['id', 'createdAt', 'sentAt', 'status', 'to', 'subject'],
  defaultSort: ['id', 'DESC'],
  filters: { status: 'text', to: 'text', userId: 'integer', createdAt: 'timestamp' },
  search: ['to', 'subject'],
  columns: ['id', 'to', 'subject', 'status', 'attempts', 'lastError', 'userId', 'createdAt', 'sentAt'],
};

const Params = z.object({ id: positiveId() });

export function registerMailboxQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/mailbox', async (request, reply) => {
    requireRole(request, 'Admin');
    return sendList(
      reply,
      mailboxList.resource,
      await queryList(deps.knex, mailboxList, request.query as Record<string, unknown>),
    );
  });

  app.get('/api/mailbox/:id', async (request) => {
    requireRole(request, 'Admin');
    const { id } = parseInput(Params, request.params);
    const mail = await deps
      .knex('mail_outbox')
      .where({ id })
      .first([...mailboxList.columns!, 'text', 'html']);
    if (!mail) throw notFound(messages.notFound);
    return mail;
  });
}
