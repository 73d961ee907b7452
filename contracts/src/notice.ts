import { z } from 'zod';
import { defineResource } from './resource';
import { roleLabels, roles } from './roles';

/**
 * Notices: the Admin writes them at `system/notice`; everyone reads at `notice` the ones published
 * now for their roles (empty audience: everyone), pinned first, newest first. `views` counts each
 * reader once (`POST /api/notice/{id}/view`). `ordering` is the read model's sort key for "pinned
 * first, then newest".
 */
export const noticeResource = defineResource({
  name: 'system/notice',
  objectType: 'Notice',
  label: '공지사항',
  notFound: '공지사항을 찾을 수 없습니다.',
  representation: 'title',
  defaultSort: ['ordering', 'DESC'],
  readRoutes: ['notice'],
  fields: {
    title: {
      kind: 'text',
      label: '제목',
      max: 200,
      required: true,
      sortable: true,
      search: true,
      list: true,
    },
    body: {
      kind: 'text',
      label: '본문',
      max: 20_000,
      required: true,
      multiline: true,
      help: 'Markdown으로 쓸 수 있습니다.',
    },
    category: {
      kind: 'enum',
      label: '분류',
      values: ['General', 'Maintenance', 'Update', 'Event'],
      labels: { General: '일반', Maintenance: '점검', Update: '업데이트', Event: '이벤트' },
      required: true,
      filter: true,
      list: true,
    },
    pinned: { kind: 'boolean', label: '상단 고정', filter: true, sortable: true, list: true },
    audience: {
      kind: 'enumSet',
      label: '대상 역할',
      values: roles,
      labels: roleLabels,
      filter: true,
      help: '비워 두면 모든 회원에게 보입니다.',
    },
    publishFrom: { kind: 'timestamp', label: '게시 시작', sortable: true, filter: true, list: true },
    publishTo: { kind: 'timestamp', label: '게시 종료', sortable: true, filter: true },
    attachments: { kind: 'file', accept: 'document', multiple: 5, label: '첨부 파일' },
    views: { kind: 'integer', label: '조회수', derived: true, sortable: true, list: true },
    ordering: { kind: 'text', label: '정렬 순서', max: 40, derived: true, sortable: true },
  },
});

/** One reader's first view of a notice (stream `NoticeView-<noticeId>-<userId>`, written once). */
export const NoticeViewEventSchemas = {
  NoticeViewed: z.object({ noticeId: z.number().int().positive(), userId: z.number().int().positive() }),
};

/** Whether a reader with `roles` sees this notice at `now` (what `notice` lists). */
export function isPublishedFor(
  notice: { publishFrom: string | Date | null; publishTo: string | Date | null; audience: readonly string[] },
  roles: readonly string[],
  now: Date,
): boolean {
  const time = now.getTime();
  if (notice.publishFrom && new Date(notice.publishFrom).getTime() > time) return false;
  if (notice.publishTo && new Date(notice.publishTo).getTime() <= time) return false;
  return notice.audience.length === 0 || notice.audience.some((role) => roles.includes(role));
}
