import { koreaTimeText, noticeResource } from '@interior/contracts';
import PushPinIcon from '@mui/icons-material/PushPin';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect } from 'react';
import {
  DataTable,
  NumberField,
  SearchInput,
  SelectInput,
  ShowBase,
  Title,
  useRecordContext,
  useShowContext,
} from 'react-admin';
import { useParams } from 'react-router';
import { List } from '../../export/List';
import { koreanLocale } from '../../i18n/format';
import { KoreaDateField } from '../../i18n/KoreaDateField';
import { apiBase, apiFetch } from '../../session/http';
import { resourceScreens } from '../kit/resourceScreens';

const categoryLabels = noticeResource.fields.category.labels;

const MarkdownText = lazy(() => import('./MarkdownText'));

/** A notice's Markdown body, rendered as sanitized HTML (MarkdownText). */
export function NoticeBody({ source = 'body' }: { source?: string }) {
  const record = useRecordContext();
  const text = typeof record?.[source] === 'string' ? (record[source] as string) : '';
  return (
    <Box sx={{ '& img': { maxWidth: '100%' }, '& a': { color: 'primary.main' }, lineHeight: 1.7 }}>
      <Suspense fallback={<Typography sx={{ whiteSpace: 'pre-wrap' }}>{text}</Typography>}>
        <MarkdownText text={text} />
      </Suspense>
    </Box>
  );
}

function Category() {
  const record = useRecordContext<{ category: keyof typeof categoryLabels; pinned: boolean }>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      {record.pinned && <Chip size="small" color="primary" icon={<PushPinIcon />} label="고정" />}
      <Chip size="small" label={categoryLabels[record.category] ?? record.category} />
    </Stack>
  );
}

/** `notice`: the notices published for me, pinned first, then the newest. */
function NoticeList() {
  return (
    <List
      resource="notice"
      sort={{ field: 'ordering', order: 'DESC' }}
      filters={[
        <SearchInput key="q" source="q" alwaysOn inputProps={{ 'aria-label': '검색' }} />,
        <SelectInput
          key="category"
          source="category"
          label="분류"
          choices={Object.entries(categoryLabels).map(([id, name]) => ({ id, name }))}
          emptyText="전체"
        />,
      ]}
      exporter={false}
      title="공지사항"
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="category" label="분류" disableSort>
          <Category />
        </DataTable.Col>
        <DataTable.Col source="title" label="제목" />
        <DataTable.Col source="publishFrom" label="게시일">
          <KoreaDateField source="publishFrom" emptyText="-" />
        </DataTable.Col>
        <DataTable.Col source="views" label="조회수">
          <NumberField source="views" locales={koreanLocale} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function NoticeArticle() {
  const record = useRecordContext<{
    id: number;
    title: string;
    publishFrom: string | null;
    registered: string;
    views: number;
  }>();
  // Opening the notice counts me once among its readers (the API ignores a second view).
  useEffect(() => {
    if (!record?.id) return;
    apiFetch(`${apiBase}/notice/${record.id}/view`, { method: 'POST' }).catch(() => {});
  }, [record?.id]);
  if (!record) return null;
  return (
    <Paper sx={{ mt: 2, p: { xs: 2, sm: 4 } }}>
      <Category />
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {record.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {koreaTimeText(record.publishFrom ?? record.registered, 'date')} · 조회{' '}
        {record.views.toLocaleString(koreanLocale)}
      </Typography>
      <NoticeBody />
    </Paper>
  );
}

function NoticeMissing() {
  const { error } = useShowContext();
  return error ? (
    <Paper sx={{ mt: 2, p: 3 }}>
      <Typography variant="h5" component="h1">
        {noticeResource.notFound}
      </Typography>
    </Paper>
  ) : null;
}

/** `notice/{id}`: one notice, its Markdown rendered (react-admin's record path of `notice`). */
function NoticePage() {
  const { id } = useParams();
  return (
    <>
      <Title title="공지사항 상세" />
      {/* A notice I may not read (or that is gone) says so here instead of leaving the page. */}
      <ShowBase resource="notice" id={id} queryOptions={{ onError: () => {}, retry: false }}>
        <NoticeArticle />
        <NoticeMissing />
      </ShowBase>
    </>
  );
}

export const notice = {
  list: NoticeList,
  edit: NoticePage,
};

export const systemNotice = resourceScreens(noticeResource, { views: { body: <NoticeBody /> } });
