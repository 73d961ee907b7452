import {
  type EffectiveSetting,
  type SettingView,
  systemBomConstantResource,
  systemDesignPropertyResource,
} from '@interior/contracts';
import { Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  NumberField,
  TextField as RaTextField,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
  useUpdate,
} from 'react-admin';
import { List } from '../../export/List';
import { koreanLocale } from '../../i18n/format';
import { useSmallScreen } from '../../kit/useSmallScreen';
import { resourceScreens } from '../kit/resourceScreens';

/** Set my own value of one key, or give it back to the system value. */
function MyValue({ view }: { view: SettingView }) {
  const record = useRecordContext<EffectiveSetting>();
  const [draft, setDraft] = useState<string | null>(null);
  const [update, { isPending: saving }] = useUpdate();
  const [remove, { isPending: resetting }] = useDelete();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  const done = {
    onSuccess: () => {
      setDraft(null);
      refresh();
    },
    onError: (error: unknown) =>
      notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
  };
  const value = draft ?? String(record.value);
  const number = Number(value);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} onClick={(e) => e.stopPropagation()}>
      <TextField
        size="small"
        value={value}
        onChange={(e) => setDraft(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${record.label} 내 값` } }}
        sx={{ width: 120 }}
      />
      <Button
        size="small"
        variant="outlined"
        disabled={saving || draft === null || value.trim() === '' || !Number.isFinite(number)}
        onClick={() =>
          update(
            view,
            { id: record.id, data: { value: number }, previousData: record },
            { ...done, mutationMode: 'pessimistic' },
          )
        }
      >
        저장
      </Button>
      {record.overridden && (
        <Button
          size="small"
          disabled={resetting}
          onClick={() =>
            remove(view, { id: record.id, previousData: record }, { ...done, mutationMode: 'pessimistic' })
          }
        >
          기본값으로
        </Button>
      )}
    </Stack>
  );
}

function Source() {
  const record = useRecordContext<EffectiveSetting>();
  return record?.overridden ? (
    <Chip size="small" color="primary" label="내 값" />
  ) : (
    <Chip size="small" label="기본값" />
  );
}

/** `bomconstant` / `designproperty`: every key with the value in effect for me, which I may change. */
function EffectiveList({ view, title }: { view: SettingView; title: string }) {
  const small = useSmallScreen();
  return (
    <List
      resource={view}
      sort={{ field: 'key', order: 'ASC' }}
      exporter={false}
      title={title}
      actions={false}
    >
      <Box sx={{ px: 2, pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          시스템 기본값 대신 내 값을 쓰면 내 견적과 디자인에만 적용됩니다.
        </Typography>
      </Box>
      {small ? (
        // A phone: the name and my value; the key, default and unit are the desktop's columns.
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="label" label="이름" />
          <DataTable.Col label="내 값" disableSort>
            <MyValue view={view} />
          </DataTable.Col>
        </DataTable>
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="key" label="키">
            <RaTextField source="key" sx={{ fontFamily: 'monospace' }} />
          </DataTable.Col>
          <DataTable.Col source="label" label="이름" />
          <DataTable.Col source="systemValue" label="기본값" disableSort>
            <NumberField source="systemValue" locales={koreanLocale} />
          </DataTable.Col>
          <DataTable.Col source="unit" label="단위" disableSort />
          <DataTable.Col label="적용" disableSort>
            <Source />
          </DataTable.Col>
          <DataTable.Col label="내 값" disableSort>
            <MyValue view={view} />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

export const bomconstant = {
  list: () => <EffectiveList view="bomconstant" title="BOM 상수" />,
};
export const designproperty = {
  list: () => <EffectiveList view="designproperty" title="디자인 속성" />,
};
export const systemBomConstant = resourceScreens(systemBomConstantResource);
export const systemDesignProperty = resourceScreens(systemDesignPropertyResource);
