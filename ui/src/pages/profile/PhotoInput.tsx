import type { User } from '@interior/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Button, FormHelperText, Stack } from '@mui/material';
import { type ChangeEvent, useId, useState } from 'react';
import { useInput } from 'react-admin';
import { UserAvatar } from '../../avatar/UserAvatar';
import type { PhotoChange } from './api';
import { acceptedImageTypes, checkProfileImage, readAsDataUrl } from './photo';

export const keepPhoto: PhotoChange = { kind: 'keep' };

/**
 * The profile photo as a form input (`photo`): "사진 변경" picks a file, checked at once (type by
 * content, size) and previewed; "사진 삭제" removes the photo. Nothing is sent until the form is
 * saved. The API's refusal of the photo (its `attachment0`) shows under it.
 */
export function PhotoInput({ user }: { user: User }) {
  const { field, fieldState } = useInput<PhotoChange>({ source: 'photo', defaultValue: keepPhoto });
  const [checkError, setCheckError] = useState<string | null>(null);
  const helperId = useId();
  const photo = field.value ?? keepPhoto;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    input.value = ''; // the same file can be picked again after a refusal
    if (!file) return;
    const problem = await checkProfileImage(file);
    if (problem) {
      setCheckError(problem);
      return;
    }
    setCheckError(null);
    field.onChange({ kind: 'replace', file, preview: await readAsDataUrl(file) });
  };

  const remove = () => {
    setCheckError(null);
    field.onChange(user.image ? { kind: 'remove' } : keepPhoto);
  };

  const hasPhoto = photo.kind === 'replace' || (photo.kind === 'keep' && !!user.image);
  const shownUser = photo.kind === 'remove' ? { ...user, image: null } : user;
  const error = checkError ?? fieldState.error?.message ?? null;
  const status =
    photo.kind === 'replace'
      ? `새 사진: ${photo.file.name} (저장하면 적용됩니다)`
      : photo.kind === 'remove'
        ? '사진이 삭제됩니다 (저장하면 적용됩니다)'
        : null;

  return (
    <Stack direction="row" spacing={3} sx={{ alignItems: 'center', mb: 2 }}>
      <UserAvatar user={shownUser} size={96} src={photo.kind === 'replace' ? photo.preview : undefined} />
      <Stack spacing={1}>
        <Stack direction="row" spacing={1}>
          <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />}>
            사진 변경
            <input
              type="file"
              hidden
              accept={acceptedImageTypes.join(',')}
              aria-describedby={helperId}
              onChange={pick}
            />
          </Button>
          {hasPhoto ? (
            <Button variant="text" color="error" startIcon={<DeleteIcon />} onClick={remove}>
              사진 삭제
            </Button>
          ) : null}
        </Stack>
        <FormHelperText id={helperId} error={!!error} role={error ? 'alert' : undefined}>
          {error ?? status ?? 'JPEG, PNG, GIF, WebP 이미지, 10MB(10,000,000바이트) 이하'}
        </FormHelperText>
      </Stack>
    </Stack>
  );
}
