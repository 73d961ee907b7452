import { type CatalogueUsage, catalogueResources } from '@interior/contracts';
import { Alert, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { apiJson } from '../../session';

const counted = new Set<string>(catalogueResources.map((resource) => resource.name));

/**
 * The delete confirmation's text, with how many designs and open estimations use a catalogue
 * record: such a record cannot be deleted (the server refuses), and 단종 is offered instead.
 */
export function DeleteUsage() {
  const translate = useTranslate();
  const resource = useResourceContext();
  const record = useRecordContext();
  const [usage, setUsage] = useState<CatalogueUsage | null>(null);
  useEffect(() => {
    if (!resource || !counted.has(resource) || record?.id == null) return;
    apiJson<CatalogueUsage>(`/api/catalogue/usage/${resource}/${record.id}`)
      .then(setUsage)
      .catch(() => {});
  }, [resource, record?.id]);
  const used = usage && usage.designs + usage.estimations > 0;
  return (
    <Stack spacing={1}>
      <Typography>{translate('ra.message.delete_content', { _: '삭제하시겠습니까?' })}</Typography>
      {used && (
        <Alert severity="warning" data-testid="delete-usage">
          디자인 {usage.designs}건과 진행 중인 견적 {usage.estimations}건에서 사용하고 있어 삭제할 수
          없습니다. 수정 화면에서 상태를 단종으로 바꾸면 새로 배치할 수 없고, 쓰이던 곳은 그대로 유지됩니다.
        </Alert>
      )}
    </Stack>
  );
}
