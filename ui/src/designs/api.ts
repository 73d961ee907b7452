import { type DesignRecord, koreaTimeText } from '@interior/contracts';
import { apiJson } from '../session';

export interface FolderRecord {
  id: number;
  name: string;
  parentId: number | null;
  ownerId: number;
  version: number;
}

export interface CommentRecord {
  id: number;
  designId: number;
  parentId: number | null;
  authorId: number;
  authorName: string | null;
  body: string;
  deleted: boolean;
  registered: string;
  updated: string | null;
  version: number;
}

export const designApi = {
  create: (body: { name: string; planId?: number | null; folderId?: number | null }) =>
    apiJson<DesignRecord>('/api/mydesign', { method: 'POST', json: body }),
  update: (id: number, body: { name?: string; description?: string; folderId?: number | null }) =>
    apiJson<DesignRecord>(`/api/mydesign/${id}`, { method: 'PUT', json: body }),
  copy: (id: number, name?: string) =>
    apiJson<DesignRecord>(`/api/mydesign/${id}/copy`, { method: 'POST', json: name ? { name } : {} }),
  trash: (id: number) => apiJson<DesignRecord>(`/api/mydesign/${id}`, { method: 'DELETE' }),
  restore: (id: number) => apiJson<DesignRecord>(`/api/trash/${id}/restore`, { method: 'POST' }),
  purge: (id: number) => apiJson<DesignRecord>(`/api/trash/${id}`, { method: 'DELETE' }),
  transfer: (id: number, ownerId: number) =>
    apiJson<DesignRecord>(`/api/design/${id}/transfer`, { method: 'POST', json: { ownerId } }),
  share: (id: number, email: string, permission: 'Read' | 'Write') =>
    apiJson<{ message: string }>(`/api/design/${id}/share`, { method: 'POST', json: { email, permission } }),
  one: (id: number) => apiJson<DesignRecord>(`/api/mydesign/${id}`),
  document: (id: number, revision?: number) =>
    apiJson<unknown>(`/api/design/${id}/document${revision === undefined ? '' : `?revision=${revision}`}`),
  comment: (body: { designId: number; body: string; parentId?: number | null }) =>
    apiJson<CommentRecord>('/api/comment', { method: 'POST', json: body }),
  editComment: (id: number, body: string) =>
    apiJson<CommentRecord>(`/api/comment/${id}`, { method: 'PUT', json: { body } }),
  deleteComment: (id: number) => apiJson<CommentRecord>(`/api/comment/${id}`, { method: 'DELETE' }),
  createFolder: (name: string, parentId: number | null) =>
    apiJson<FolderRecord>('/api/designfolder', { method: 'POST', json: { name, parentId } }),
  updateFolder: (id: number, changes: { name?: string; parentId?: number | null }) =>
    apiJson<FolderRecord>(`/api/designfolder/${id}`, { method: 'PUT', json: changes }),
  deleteFolder: (id: number) => apiJson<FolderRecord>(`/api/designfolder/${id}`, { method: 'DELETE' }),
};

export const formatDate = (value: string | null | undefined) => koreaTimeText(value, 'dateTime', '—');
export const formatArea = (area: number) => `${area.toLocaleString('ko-KR', { maximumFractionDigits: 2 })}㎡`;
