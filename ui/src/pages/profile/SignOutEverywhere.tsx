import LogoutIcon from '@mui/icons-material/Logout';
import { Button, FormHelperText, Stack } from '@mui/material';
import { useId, useState } from 'react';
import { showNotice } from '../../feedback/notices';
import { signOutEverywhere } from '../../session';

/**
 * "모든 기기에서 로그아웃" (POST /api/logout/all): every session of the user ends, on every device
 * and in every tab of this browser, this one included; the user signs in again afterwards.
 */
export function SignOutEverywhere() {
  const [busy, setBusy] = useState(false);
  const helperId = useId();

  const signOut = async () => {
    setBusy(true);
    try {
      await signOutEverywhere();
      // The app's toast: signing out re-renders the whole app, which would drop a react-admin one.
      showNotice('모든 기기에서 로그아웃되었습니다.', 'success');
    } catch (error) {
      showNotice(error instanceof Error ? error.message : String(error), 'error');
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        color="error"
        startIcon={<LogoutIcon />}
        onClick={signOut}
        disabled={busy}
        aria-describedby={helperId}
      >
        모든 기기에서 로그아웃
      </Button>
      <FormHelperText id={helperId}>
        이 브라우저를 포함해 이 계정으로 로그인한 모든 기기와 창에서 로그아웃합니다. 다른 곳에서 로그인한
        기록이 의심스러울 때 사용하세요.
      </FormHelperText>
    </Stack>
  );
}
