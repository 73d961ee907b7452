import type { User } from '@interior/contracts';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useDelete, useNotify, useRecordContext, useRedirect } from 'react-admin';

export const eraseWarning = '이 사용자의 개인정보가 영구히 삭제되며 되돌릴 수 없습니다.';

const sameAddress = (typed: string, email: string) =>
  typed.trim().toLowerCase() === email.trim().toLowerCase();

/**
 * DELETE /api/user/{id} erases the person (PIPA): their key is destroyed, so name, e-mail and every
 * other personal field become unreadable everywhere, for good. Nothing can undo it, so the Admin
 * confirms by typing the user's e-mail address. Pessimistic: the page changes only once the
 * server has answered (a 409 for oneself, a 412 for a stale page show their message).
 */
export function EraseUserButton() {
  const record = useRecordContext<User>();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [erase, { isPending }] = useDelete<User>();
  const notify = useNotify();
  const redirect = useRedirect();
  const titleId = useId();
  const descriptionId = useId();

  if (!record?.email || record.status === 'Deleted') return null;
  const email = record.email;
  const confirmed = sameAddress(typed, email);

  const close = () => {
    if (isPending) return;
    setOpen(false);
    setTyped('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || isPending) return;
    erase(
      'user',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          setTyped('');
          notify('사용자의 개인정보를 삭제했습니다.', { type: 'success' });
          redirect('list', 'user');
        },
        onError: (error) => {
          notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
        },
      },
    );
  };

  return (
    <>
      <Button color="error" size="small" startIcon={<DeleteForeverIcon />} onClick={() => setOpen(true)}>
        삭제
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={descriptionId}>
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>사용자 개인정보 영구 삭제</DialogTitle>
          <DialogContent>
            <Alert severity="error" sx={{ mb: 2 }} id={descriptionId}>
              {eraseWarning}
            </Alert>
            <DialogContentText sx={{ mb: 2 }}>
              이름, 이메일, 휴대전화 번호, 사진과 사업자 정보가 모든 기록에서 읽을 수 없게 되고, 계정은 다시
              사용할 수 없습니다. 계속하려면 이 사용자의 이메일 <strong>{email}</strong>을(를) 입력하세요.
            </DialogContentText>
            <TextField
              autoFocus
              fullWidth
              label="확인용 이메일"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              disabled={isPending}
              slotProps={{ htmlInput: { 'aria-describedby': descriptionId, spellCheck: false } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={isPending}>
              취소
            </Button>
            <Button type="submit" color="error" variant="contained" disabled={!confirmed || isPending}>
              영구 삭제
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
