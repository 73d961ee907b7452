import { type CommentEvent, type DesignFolderEvent, messages } from '@interior/contracts';
import { deciderSpec } from '../testing/given-when-then';
import { commentDecider } from './comment';
import { folderDecider } from './folder';

const comments = deciderSpec(commentDecider);
const folders = deciderSpec(folderDecider);
const written: CommentEvent = {
  type: 'CommentCreated',
  data: { id: 1, designId: 5, parentId: null, authorId: 3, body: '좋아요' },
};
const folder: DesignFolderEvent = {
  type: 'DesignFolderCreated',
  data: { id: 2, ownerId: 3, name: '아파트', parentId: null },
};

describe('comment decider', () => {
  it('writes, edits and deletes a comment by its author', () => {
    comments
      .given([])
      .when({ type: 'WriteComment', id: 1, designId: 5, parentId: null, authorId: 3, body: '좋아요' })
      .thenEvents([written]);
    comments
      .given([written])
      .when({ type: 'EditComment', actorId: 3, body: '아주 좋아요' })
      .thenEvents([{ type: 'CommentEdited', data: { body: '아주 좋아요' } }]);
    comments
      .given([written])
      .when({ type: 'DeleteComment', actorId: 3 })
      .thenEvents([{ type: 'CommentDeleted', data: { designId: 5 } }]);
  });

  it('refuses anyone but the author, and a deleted comment cannot be edited', () => {
    const run = (command: Parameters<typeof commentDecider.decide>[0], history: CommentEvent[]) => () =>
      commentDecider.decide(command, history.reduce(commentDecider.evolve, commentDecider.initialState()));
    expect(run({ type: 'EditComment', actorId: 4, body: 'x' }, [written])).toThrow(
      expect.objectContaining({ status: 403, message: messages.commentNotAuthor }),
    );
    comments
      .given([written, { type: 'CommentDeleted', data: { designId: 5 } }])
      .when({ type: 'EditComment', actorId: 3, body: 'x' })
      .thenThrows('NotFound', messages.commentNotFound);
  });
});

describe('folder decider', () => {
  it('creates, renames, moves and deletes a folder', () => {
    folders
      .given([])
      .when({ type: 'CreateFolder', id: 2, ownerId: 3, name: '아파트', parentId: null })
      .thenEvents([folder]);
    folders
      .given([folder])
      .when({ type: 'UpdateFolder', name: '빌라', parentId: 9 })
      .thenEvents([
        { type: 'DesignFolderRenamed', data: { name: '빌라' } },
        { type: 'DesignFolderMoved', data: { parentId: 9 } },
      ]);
    folders
      .given([folder])
      .when({ type: 'DeleteFolder' })
      .thenEvents([{ type: 'DesignFolderDeleted', data: {} }]);
    folders
      .given([folder, { type: 'DesignFolderDeleted', data: {} }])
      .when({ type: 'UpdateFolder', name: 'x' })
      .thenThrows('NotFound', messages.designFolderNotFound);
  });
});
