import { type FieldSpec, fileAccepts, fileUrl, megabytes, type StoredFile } from '@interior/contracts';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Box,
  Button,
  CircularProgress,
  FormHelperText,
  IconButton,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { type ChangeEvent, useId, useState } from 'react';
import { useInput, useRecordContext, useResourceContext } from 'react-admin';
import { apiBase, apiJson } from '../../session';

/**
 * The input and the display of a file field (contracts/src/files.ts): a file is uploaded as soon
 * as it is chosen (`POST /api/file?resource=…&field=…`, checked there on its bytes) and the record
 * keeps what the upload answered; saving the form then names it by id.
 */
type FileSpec = Extract<FieldSpec, { kind: 'file' }>;

const filesOf = (value: unknown): StoredFile[] => {
  if (Array.isArray(value)) return value as StoredFile[];
  return value && typeof value === 'object' ? [value as StoredFile] : [];
};

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)}MB`
    : `${Math.max(1, Math.round(bytes / 1024))}KB`;

function FileChip({ file, onRemove }: { file: StoredFile; onRemove?: () => void }) {
  const image = file.contentType.startsWith('image/');
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 0.5,
        maxWidth: '100%',
      }}
    >
      {image ? (
        <Box
          component="img"
          src={fileUrl(file)}
          alt={file.originalName}
          sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0 }}
        />
      ) : (
        <AttachFileIcon fontSize="small" aria-hidden />
      )}
      <Link
        href={fileUrl(file)}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}
      >
        {file.originalName}
      </Link>
      <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
        {sizeText(file.size)}
      </Typography>
      {onRemove && (
        <IconButton size="small" onClick={onRemove} aria-label={`${file.originalName} 빼기`}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}

export function FileInput({ source, spec }: { source: string; spec: FileSpec }) {
  const resource = useResourceContext();
  const { field, fieldState, isRequired } = useInput({ source });
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const accept = fileAccepts[spec.accept];
  const files = filesOf(field.value);
  const room = spec.multiple ? spec.multiple - files.length : 1;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []).slice(0, Math.max(room, 0));
    event.target.value = '';
    if (!chosen.length || !resource) return;
    setUploading(true);
    setError(null);
    const uploaded: StoredFile[] = [];
    try {
      for (const file of chosen) {
        const form = new FormData();
        form.append('file', file, file.name);
        const query = new URLSearchParams({ resource, field: source });
        uploaded.push(await apiJson<StoredFile>(`${apiBase}/file?${query}`, { method: 'POST', body: form }));
      }
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setUploading(false);
    }
    if (!uploaded.length) return;
    field.onChange(spec.multiple ? [...files, ...uploaded] : uploaded[0]);
    field.onBlur();
  };
  const remove = (id: number) => {
    field.onChange(spec.multiple ? files.filter((f) => f.id !== id) : null);
    field.onBlur();
  };
  const shownError = error ?? (fieldState.error?.message || null);

  return (
    <Box sx={{ mb: 2, width: '100%' }}>
      <Typography component="label" htmlFor={inputId} variant="body2" sx={{ display: 'block', mb: 0.5 }}>
        {spec.label}
        {isRequired ? ' *' : ''}
      </Typography>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        {files.map((file) => (
          <FileChip key={file.id} file={file} onRemove={() => remove(file.id)} />
        ))}
        {room > 0 && (
          <Button
            component="label"
            variant="outlined"
            size="small"
            startIcon={uploading ? <CircularProgress size={16} /> : <UploadFileIcon />}
            disabled={uploading}
          >
            {files.length && !spec.multiple ? '다른 파일 올리기' : '파일 올리기'}
            <input
              id={inputId}
              type="file"
              hidden
              accept={accept.picker}
              multiple={Boolean(spec.multiple)}
              onChange={choose}
            />
          </Button>
        )}
      </Stack>
      <FormHelperText error={Boolean(shownError)}>
        {shownError ??
          spec.help ??
          `${accept.label}, ${megabytes(accept.maxBytes)} 이하${spec.multiple ? `, ${spec.multiple}개까지` : ''}`}
      </FormHelperText>
    </Box>
  );
}

/** A file field on a list row or a record page: images as thumbnails, other files as links. */
export function FileValue({ source, compact = false }: { source: string; compact?: boolean }) {
  const record = useRecordContext();
  const files = filesOf(record?.[source]);
  if (!files.length) return <span>-</span>;
  if (compact) {
    const first = files[0]!;
    return first.contentType.startsWith('image/') ? (
      <Box
        component="img"
        src={fileUrl(first)}
        alt={first.originalName}
        loading="lazy"
        sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 0.5, display: 'block' }}
      />
    ) : (
      <span>{first.originalName}</span>
    );
  }
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {files.map((file) => (
        <FileChip key={file.id} file={file} />
      ))}
    </Stack>
  );
}
