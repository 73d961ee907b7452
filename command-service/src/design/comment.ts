import { type CommentEvent, messages } from '@interior/contracts';
import { domainNotFound, forbidden } from '@interior/platform';
import type { Decider } from '../decider';

/** A comment on a design (stream `Comment-<id>`). */
export interface CommentState {
  status: 'None' | 'Live' | 'Deleted';
  designId: number;
  authorId: number;
  body: string;
}

export type CommentCommand =
  | {
      type: 'WriteComment';
      id: number;
      designId: number;
      parentId: number | null;
      authorId: number;
      body: string;
    }
  | { type: 'EditComment'; actorId: number; body: string }
  | { type: 'DeleteComment'; actorId: number };

function ownLive(state: CommentState, actorId: number) {
  if (state.status !== 'Live') throw domainNotFound(messages.commentNotFound);
  // Only the author changes what they wrote; the design's owner cannot put words in their mouth.
  if (state.authorId !== actorId) throw forbidden(messages.commentNotAuthor);
}

export const commentDecider: Decider<CommentCommand, CommentEvent, CommentState> = {
  initialState: () => ({ status: 'None', designId: 0, authorId: 0, body: '' }),
  evolve(state, event) {
    switch (event.type) {
      case 'CommentCreated':
        return {
          status: 'Live',
          designId: event.data.designId,
          authorId: event.data.authorId,
          body: event.data.body,
        };
      case 'CommentEdited':
        return { ...state, body: event.data.body };
      case 'CommentDeleted':
        return { ...state, status: 'Deleted' };
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'WriteComment': {
        if (state.status !== 'None') return [];
        const { type: _type, ...data } = command;
        return [{ type: 'CommentCreated', data }];
      }
      case 'EditComment':
        ownLive(state, command.actorId);
        return command.body === state.body ? [] : [{ type: 'CommentEdited', data: { body: command.body } }];
      case 'DeleteComment':
        if (state.status === 'Deleted' && state.authorId === command.actorId) return [];
        ownLive(state, command.actorId);
        return [{ type: 'CommentDeleted', data: { designId: state.designId } }];
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};
