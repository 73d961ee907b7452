import { commentReadModel, messages } from '@interior/contracts';
import { eventsOf, givenAt, projectionSpec, projectionTestDatabase } from '../testing/projection-spec';
import { commentsProjection } from './comments.projection';

const db = projectionTestDatabase();
const spec = projectionSpec(commentsProjection, db);
const comment = (id: number) => eventsOf(['Comment', id]);
const created = (id: number, parentId: number | null, authorId: number, body: string) =>
  comment(id)('CommentCreated', { id, designId: 9, parentId, authorId, body }, authorId);

describe('the comments read model', () => {
  it('makes a row per comment, with its thread, and follows edits with their time and revision', async () => {
    const rows = await spec
      .given([
        created(1, null, 3, '좋아요'),
        created(2, 1, 4, '감사합니다'),
        comment(1)('CommentEdited', { body: '아주 좋아요' }),
      ])
      .rows(commentReadModel);
    expect(rows).toEqual([
      {
        id: 1,
        designId: 9,
        parentId: null,
        authorId: 3,
        body: '아주 좋아요',
        deleted: false,
        registered: givenAt(0),
        updated: givenAt(2),
        version: 1,
      },
      {
        id: 2,
        designId: 9,
        parentId: 1,
        authorId: 4,
        body: '감사합니다',
        deleted: false,
        registered: givenAt(1),
        updated: null,
        version: 0,
      },
    ]);
  });

  it('keeps a deleted comment in its place, its body replaced, so its replies stay under it', async () => {
    const rows = await spec
      .given([
        created(1, null, 3, '지울 댓글'),
        created(2, 1, 4, '답글'),
        comment(1)('CommentDeleted', { designId: 9 }),
      ])
      .rows(commentReadModel);
    expect(
      rows.map(({ id, parentId, body, deleted, updated, version }) => ({
        id,
        parentId,
        body,
        deleted,
        updated,
        version,
      })),
    ).toEqual([
      {
        id: 1,
        parentId: null,
        body: messages.commentDeleted,
        deleted: true,
        updated: givenAt(2),
        version: 1,
      },
      { id: 2, parentId: 1, body: '답글', deleted: false, updated: null, version: 0 },
    ]);
  });
});
