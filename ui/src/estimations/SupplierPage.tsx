import { fileUrl, type Supplier, SupplierInputSchema } from '@interior/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormHelperText,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { SaveButton, SimpleForm, TextInput, Title, Toolbar, useInput, useNotify } from 'react-admin';
import { inlineToolbarSx, sectionFormSx } from '../kit/formStyle';
import { schemaValidator, withoutEmpty } from '../kit/validation';
import { formErrorsOf } from '../pages/profile/api';
import { readAsDataUrl } from '../pages/profile/photo';
import { apiBase, apiJson } from '../session';

const supplierPath = `${apiBase}/system/supplier`;
const queryKey = ['system', 'supplier'] as const;
const textFields = ['companyName', 'registrationNumber', 'representative', 'address', 'phone'] as const;
/** pdfkit draws these two on the 견적서; the server refuses others with the same sentence. */
const sealTypes = ['image/png', 'image/jpeg'];

type SealChange = { kind: 'keep' } | { kind: 'replace'; file: File; preview: string } | { kind: 'remove' };
const keepSeal: SealChange = { kind: 'keep' };

// The API's own checks (the registration number's check digit, the phone's digits), same sentences.
const validateSupplier = schemaValidator(SupplierInputSchema.omit({ seal: true }));

/** The form as the upload payload: the fields, the seal as `attachment0` when it changes. */
function supplierFormData(values: Record<string, unknown>, seal: SealChange): FormData {
  const form = new FormData();
  for (const name of textFields) form.set(name, String(values[name] ?? ''));
  form.set('attachmentChanged', seal.kind === 'keep' ? 'false' : 'true');
  if (seal.kind === 'replace') {
    form.set('filesSize', JSON.stringify({ [seal.file.name]: seal.file.size }));
    form.set('attachment0', seal.file, seal.file.name);
  }
  return form;
}

function SealInput({ current }: { current: Supplier['seal'] }) {
  const { field, fieldState } = useInput<SealChange>({ source: 'seal', defaultValue: keepSeal });
  const [problem, setProblem] = useState<string | null>(null);
  const helperId = useId();
  const seal = field.value ?? keepSeal;
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!sealTypes.includes(file.type)) {
      setProblem('직인 이미지는 PNG, JPG 파일만 올릴 수 있습니다.');
      return;
    }
    setProblem(null);
    field.onChange({ kind: 'replace', file, preview: await readAsDataUrl(file) });
  };
  const shown =
    seal.kind === 'replace' ? seal.preview : seal.kind === 'keep' && current ? fileUrl(current) : null;
  const error = problem ?? fieldState.error?.message ?? null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
      <Box
        sx={{
          width: 72,
          height: 72,
          border: 1,
          borderColor: 'divider',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {shown ? (
          <img src={shown} alt="직인" style={{ maxWidth: 68, maxHeight: 68 }} />
        ) : (
          <Typography variant="caption" color="text.secondary">
            직인 없음
          </Typography>
        )}
      </Box>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1}>
          <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
            직인 이미지 선택
            <input
              type="file"
              hidden
              accept={sealTypes.join(',')}
              aria-describedby={helperId}
              onChange={pick}
            />
          </Button>
          {shown ? (
            <Button
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => field.onChange(current ? { kind: 'remove' } : keepSeal)}
            >
              직인 삭제
            </Button>
          ) : null}
        </Stack>
        <FormHelperText id={helperId} error={!!error} role={error ? 'alert' : undefined}>
          {error ??
            (seal.kind === 'replace'
              ? `새 직인: ${seal.file.name} (저장하면 적용됩니다)`
              : seal.kind === 'remove'
                ? '직인이 삭제됩니다 (저장하면 적용됩니다)'
                : '선택 사항 · PNG, JPG 이미지 · 견적서의 대표자 옆에 찍힙니다')}
        </FormHelperText>
      </Stack>
    </Stack>
  );
}

/**
 * /dashboard/system/supplier (Admin): the 공급자 printed on every 견적서 issued from now on. A quote
 * keeps the supplier it was issued with, so a change here reaches only the next ones.
 */
export function SupplierPage() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data, error, isPending, dataUpdatedAt } = useQuery({
    queryKey,
    queryFn: () => apiJson<Supplier | null>(supplierPath),
  });
  const submit = async (values: Record<string, unknown>) => {
    try {
      const form = supplierFormData(withoutEmpty(values), (values.seal as SealChange) ?? keepSeal);
      const saved = await apiJson<Supplier>(supplierPath, { method: 'PUT', body: form });
      queryClient.setQueryData(queryKey, saved);
      notify('공급자 정보를 저장했습니다. 이제부터 발행하는 견적서에 찍힙니다.', { type: 'success' });
      return undefined;
    } catch (failure) {
      const { fields, message } = formErrorsOf(failure, { attachment0: 'seal' });
      notify(message, { type: 'error' });
      return fields ?? undefined;
    }
  };
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4, maxWidth: 720 }}>
      <Title title="견적서 공급자" />
      {isPending ? <LinearProgress aria-label="공급자 정보를 불러오는 중" /> : null}
      {error ? <Alert severity="error">{(error as Error).message}</Alert> : null}
      {data !== undefined ? (
        <Card component="section" aria-label="견적서 공급자">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              견적서 공급자
            </Typography>
            <Alert severity="info" sx={{ mb: 2 }}>
              {data === null
                ? '아직 공급자 정보가 없습니다. 저장하면 이후 발행하는 모든 견적서에 찍힙니다.'
                : '바꾼 내용은 이후 발행하는 견적서부터 찍힙니다. 이미 발행한 견적서는 바뀌지 않습니다.'}
            </Alert>
            <SimpleForm
              key={dataUpdatedAt}
              warnWhenUnsavedChanges
              record={Object.fromEntries(textFields.map((f) => [f, data?.[f] ?? '']))}
              onSubmit={submit}
              validate={validateSupplier}
              toolbar={
                <Toolbar sx={inlineToolbarSx}>
                  <SaveButton label="저장" />
                </Toolbar>
              }
              sx={sectionFormSx}
            >
              <TextInput source="companyName" label="상호" isRequired fullWidth />
              <TextInput
                source="registrationNumber"
                label="사업자등록번호"
                isRequired
                helperText="숫자 10자리 (예: 1248100998, - 는 있어도 됩니다)"
                fullWidth
              />
              <TextInput source="representative" label="대표자" isRequired fullWidth />
              <TextInput source="address" label="주소" isRequired fullWidth />
              <TextInput
                source="phone"
                label="전화"
                type="tel"
                isRequired
                helperText="숫자만 9~20자리"
                fullWidth
              />
              <SealInput current={data?.seal ?? null} />
            </SimpleForm>
          </CardContent>
        </Card>
      ) : null}
    </Stack>
  );
}
