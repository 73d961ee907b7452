import { Alert } from '../plain/Alert';
import './feedback.css';
import { useServerUnreachable } from './reachability';

/**
 * A notice that stays while the server cannot be reached (a toast would vanish and leave screens
 * that look empty): at the top of every page, announced once to screen readers.
 */
export function ServerUnreachableNotice() {
  if (!useServerUnreachable()) return null;
  return (
    <Alert severity="error" testId="server-unreachable" className="app-unreachable">
      서버에 연결할 수 없습니다. 연결되는 대로 이 알림은 사라집니다. 잠시 후 다시 시도해 주세요.
    </Alert>
  );
}
