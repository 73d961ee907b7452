import { noticeResource } from '@interior/contracts';
import type { Projection } from '../projection';
import { resourceProjection } from '../resource/resource.projection';

/** "Pinned first, then the newest": one text that sorts that way descending. */
export const noticeOrdering = (pinned: boolean, publishFrom: Date | null, registered: Date) =>
  `${pinned ? 1 : 0}|${(publishFrom ?? registered).toISOString()}`;

/** Notices with their sort key and the count of readers (each counted once). */
export const noticeProjection: Projection = resourceProjection(noticeResource, {
  // 2: attachments; 3: the search index in parts; 4: text sort indexes in code point order.
  version: 4,
  async afterChange(trx, { table, after }) {
    if (!after) return;
    const ordering = noticeOrdering(
      Boolean(after.pinned),
      after.publishFrom ? new Date(after.publishFrom as string) : null,
      new Date(after.registered as string),
    );
    if (after.ordering !== ordering) await trx(table).where({ id: after.id }).update({ ordering });
  },
  extra: {
    async NoticeViewed(trx, event, table) {
      const { noticeId } = event.data as { noticeId: number };
      await trx(table).where({ id: noticeId }).increment('views', 1);
    },
  },
});
