import { defineResource } from './resource';
import { roleLabels, roles } from './roles';

/**
 * Pop-up banners: the Admin keeps them at `system/popupbanner`; after sign-in the dashboard shows
 * each reader the active ones of their roles (empty audience: everyone) within their window, read
 * at `popupbanner`. "오늘 하루 보지 않기" hides one until midnight in Korea, in that browser.
 */
export const popupBannerResource = defineResource({
  name: 'system/popupbanner',
  objectType: 'PopupBanner',
  label: '팝업 배너',
  notFound: '팝업 배너를 찾을 수 없습니다.',
  representation: 'title',
  defaultSort: ['registered', 'DESC'],
  readRoutes: ['popupbanner'],
  fields: {
    title: {
      kind: 'text',
      label: '제목',
      max: 100,
      required: true,
      sortable: true,
      search: true,
      list: true,
    },
    image: { kind: 'file', accept: 'image', label: '이미지', required: true, list: true },
    link: { kind: 'url', label: '링크', help: '배너를 누르면 열 주소 (비워 두면 열지 않습니다)' },
    audience: {
      kind: 'enumSet',
      label: '대상 역할',
      values: roles,
      labels: roleLabels,
      filter: true,
      help: '비워 두면 모든 회원에게 보입니다.',
    },
    from: { kind: 'timestamp', label: '게시 시작', sortable: true, filter: true, list: true },
    to: { kind: 'timestamp', label: '게시 종료', sortable: true, filter: true, list: true },
    position: {
      kind: 'enum',
      label: '위치',
      values: ['Center', 'BottomLeft', 'BottomRight'],
      labels: { Center: '가운데', BottomLeft: '왼쪽 아래', BottomRight: '오른쪽 아래' },
      required: true,
      list: true,
    },
    active: { kind: 'boolean', label: '사용', filter: true, sortable: true, list: true },
  },
});
